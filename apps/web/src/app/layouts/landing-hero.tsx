import type { ReactNode } from 'react';
import { ProductLinkForm } from '@/features/product-request/components/product-link-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

interface LandingHeroProps {
  title: string;
  description: string;
  /** The tab title; landing pages read better as "ipick · …" than the heading. */
  documentTitle: string;
  children?: ReactNode;
}

/** The landing pages' hero: heading, one sentence and the paste box. Matches the landing skeleton. */
export function LandingHero({ title, description, documentTitle, children }: LandingHeroProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6 sm:py-20">
      <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <p className="max-w-2xl text-lg text-muted-foreground text-balance">{description}</p>
      <ProductLinkForm className="mt-6 max-w-2xl" />
      {children}
    </div>
  );
}
