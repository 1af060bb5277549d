import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

interface PageHeaderProps {
  title: string;
  /** One sentence on what the page is for. */
  description: ReactNode;
  /** Sets the tab title too; pass false where the page names the tab itself. */
  setsDocumentTitle?: boolean;
  className?: string;
  children?: ReactNode;
}

/** A page's h1 and its purpose; every page has exactly one. */
export function PageHeader({
  title,
  description,
  setsDocumentTitle = true,
  className,
  children,
}: PageHeaderProps) {
  useDocumentTitle(setsDocumentTitle ? title : null);
  return (
    <header className={cn('mb-6 flex flex-col gap-2 sm:mb-8', className)}>
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <p className="max-w-2xl text-base text-muted-foreground">{description}</p>
      {children}
    </header>
  );
}
