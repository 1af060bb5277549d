import { useRef, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useScrollToHash } from '@/hooks/use-scroll-to-hash';
import { toErrorMessage } from '@/lib/error-message';

interface SectionCardProps {
  id?: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/**
 * One titled section of a settings or integration page, reachable by its `id`: a link to
 * `#id` from another page scrolls to it.
 */
export function SectionCard({ id, title, description, children }: SectionCardProps) {
  const headingId = id ? `${id}-heading` : undefined;
  const ref = useRef<HTMLDivElement>(null);
  useScrollToHash(ref, id);
  return (
    <Card ref={ref} id={id} aria-labelledby={headingId} role="region" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

/** The loading and failed states of a section's query. */
export function SectionLoad({
  query,
  what,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  what: string;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${what}`} className="flex flex-col gap-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={`Your ${what} could not be loaded`}
        message={toErrorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return null;
}
