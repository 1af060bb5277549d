import { CircleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { handlerPath, HOME_PATH } from './handler-pages';

const MAX_SHOWN_LENGTH = 300;

/** Query text is anyone's to write: show it as plain text (React escapes it), and not too much. */
function shorten(value: string | null): string | null {
  const text = value?.trim();
  if (!text) return null;
  return text.length > MAX_SHOWN_LENGTH ? `${text.slice(0, MAX_SHOWN_LENGTH)}…` : text;
}

/** /handler/error?errorCode=…&message=…: why a sign-in could not complete. */
export function ErrorHandler() {
  const [searchParams] = useSearchParams();
  const message = shorten(searchParams.get('message'));
  const errorCode = shorten(searchParams.get('errorCode'));

  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Sign-in problem"
        description="Something stopped a sign-in from completing."
      />
      <div className="flex flex-col gap-6">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{message ?? 'The sign-in could not be completed.'}</AlertTitle>
          {errorCode ? (
            <AlertDescription>
              Error code: <code className="break-all">{errorCode}</code>
            </AlertDescription>
          ) : null}
        </Alert>
        <div className="flex flex-wrap gap-2">
          <Link to={handlerPath('sign-in')} className={buttonVariants()}>
            Try signing in again
          </Link>
          <Link to={HOME_PATH} className={buttonVariants({ variant: 'outline' })}>
            Go to the home page
          </Link>
        </div>
      </div>
    </PageContainer>
  );
}
