import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

interface ErrorStateProps {
  title: string;
  message: string;
  /** Shows a Retry button. */
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
}

/** A load that failed: what failed, why, and a way to try again. */
export function ErrorState({
  title,
  message,
  onRetry,
  isRetrying = false,
  className,
}: ErrorStateProps) {
  return (
    <Alert variant="destructive" role="alert" className={className}>
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>{message}</p>
        {onRetry ? (
          <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
            {isRetrying ? 'Retrying…' : 'Retry'}
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
