import type { ReactNode } from 'react';
import { CompareExamples } from '@/features/browse/components/compare-examples';
import { ProductLinkForm } from '@/features/product-request/components/product-link-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useStartComparison } from '../routes/shared/use-start-comparison';

/**
 * How a landing page arranges the same parts (heading, paste box, examples):
 * - `classic`: centred, the paste box first and the examples in rows below it (matches the
 *   landing skeleton);
 * - `split`: text and paste box on the left, the examples in a column on the right;
 * - `demo`: centred, the examples first as the main way in, the paste box after them.
 */
export type LandingHeroVariant = 'classic' | 'split' | 'demo';

interface LandingHeroProps {
  title: string;
  description: string;
  /** The tab title; landing pages read better as "ipick · …" than the heading. */
  documentTitle: string;
  variant?: LandingHeroVariant;
  /** A short line above the heading. */
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** The landing pages' hero: heading, one sentence, the paste box and examples to try. */
export function LandingHero({
  title,
  description,
  documentTitle,
  variant = 'classic',
  eyebrow,
  children,
}: LandingHeroProps) {
  useDocumentTitle(documentTitle);
  const startComparison = useStartComparison();

  const intro = (
    <>
      {eyebrow ? (
        <p className="rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
          {eyebrow}
        </p>
      ) : null}
      <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
        {title}
      </h1>
      <p className="max-w-2xl text-lg text-muted-foreground text-balance">{description}</p>
    </>
  );

  if (variant === 'split') {
    return (
      <div className="mx-auto grid w-full max-w-6xl items-start gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col items-start gap-4">
          {intro}
          <ProductLinkForm className="mt-4" />
          {children}
        </div>
        <CompareExamples
          onTry={startComparison}
          layout="list"
          title="No link at hand?"
          description="Start with one of these products from our demo catalog."
          align="start"
          className="lg:mt-4"
        />
      </div>
    );
  }

  if (variant === 'demo') {
    return (
      <div className="mx-auto flex w-full max-w-5xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6 sm:py-16">
        {intro}
        <CompareExamples
          onTry={startComparison}
          title="Pick a product to compare"
          description="Every example comes from the demo catalog on this server, so it works offline."
          className="mt-6"
        />
        <div className="mt-8 flex w-full max-w-2xl flex-col items-center gap-2">
          <h2 className="text-lg font-semibold">Or paste a link of your own</h2>
          <ProductLinkForm />
        </div>
        {children}
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6 sm:py-20">
      {intro}
      <ProductLinkForm className="mt-6 max-w-2xl" />
      <CompareExamples onTry={startComparison} className="mt-6" />
      {children}
    </div>
  );
}
