import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/error-message';

interface ComparisonErrorProps {
  error: Error;
  pastedUrl: string | null;
  retry: () => void;
  isRetrying: boolean;
}

/**
 * A failed comparison. The server's message is shown as it came (unknown page, unreachable page,
 * no product on the page, not a product link, not http), with a retry and a way to start over.
 */
export function ComparisonError({ error, pastedUrl, retry, isRetrying }: ComparisonErrorProps) {
  return (
    <div className="flex flex-col gap-3">
      {pastedUrl ? (
        <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">{pastedUrl}</p>
      ) : null}
      <Alert variant="destructive" role="alert">
        <AlertTitle>We could not compare this product</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-3">
          <p>{toErrorMessage(error, 'The comparison failed. Please try again.')}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={retry} disabled={isRetrying}>
              Try again
            </Button>
            <Link to="/" className={buttonVariants({ variant: 'link' })}>
              Compare another link
            </Link>
          </div>
        </AlertDescription>
      </Alert>
    </div>
  );
}
