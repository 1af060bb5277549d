import { ChevronDown, RefreshCw, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

interface ErrorScreenProps {
  error: unknown;
  /** Defaults to reloading the page, which also fetches any code chunk that failed to load. */
  onRefresh?: () => void;
}

/** The generic "Something went wrong" screen (spec §2, §8) for render and chunk-load failures. */
export function ErrorScreen({ error, onRefresh = reloadPage }: ErrorScreenProps) {
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();
  useDocumentTitle('Something went wrong');

  return (
    <section
      aria-labelledby={`${detailsId}-heading`}
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-10 text-destructive" />
      <h1 id={`${detailsId}-heading`} className="text-2xl font-bold tracking-tight">
        Something went wrong
      </h1>
      <p className="text-muted-foreground">
        We&apos;re having trouble loading this page. Please try refreshing.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRefresh}>
          <RefreshCw aria-hidden="true" />
          Refresh Page
        </Button>
        <Button
          variant="ghost"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails((shown) => !shown)}
        >
          {showDetails ? 'Hide error details' : 'Show error details'}
          <ChevronDown
            aria-hidden="true"
            className={showDetails ? 'rotate-180 transition-transform' : 'transition-transform'}
          />
        </Button>
      </div>
      <div id={detailsId} hidden={!showDetails} className="w-full">
        <pre className="overflow-x-auto rounded-md bg-muted p-3 text-left text-sm whitespace-pre-wrap break-words">
          {describeError(error)}
        </pre>
      </div>
    </section>
  );
}

/** The error screen for a route's `errorElement`. */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}

/** A short, human-readable message for any thrown value. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${String(error.status)} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

function reloadPage(): void {
  window.location.reload();
}
