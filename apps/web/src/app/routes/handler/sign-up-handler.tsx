import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PageSkeleton } from '../../page-skeleton';
import { AFTER_SIGN_UP_PATH, handlerPathWithReturn, readReturnTo } from './handler-pages';

/** /handler/sign-up: then `after_auth_return_to`, or the after-sign-up page (spec §2). */
export function SignUpHandler() {
  const [searchParams] = useSearchParams();
  const returnTo = readReturnTo(searchParams);
  const { user, isLoading } = useAuth();

  if (isLoading) return <PageSkeleton />;
  if (user) return <Navigate to={returnTo ?? AFTER_SIGN_UP_PATH} replace />;

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Create an account"
        description="An account keeps your search history and favorites. Comparing prices needs none."
      />
      <Card>
        <CardContent>
          <SignUpForm
            onSuccess={(created) => {
              toast.success('Account created', {
                description: created.email
                  ? `We've sent a verification link to ${created.email}.`
                  : "We've sent you a verification link.",
              });
            }}
          />
        </CardContent>
      </Card>
      <p className="mt-6 text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={handlerPathWithReturn('sign-in', returnTo)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </PageContainer>
  );
}
