import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

interface ResetPasswordViewProps {
  title: string;
  /** The code from the reset email's link; without one the page asks for an email instead. */
  code: string | null;
  signInHref: string;
  /** This page without a code: the forgot-password form. */
  requestNewHref: string;
}

/** /reset-password and /handler/password-reset. */
export function ResetPasswordView({
  title,
  code,
  signInHref,
  requestNewHref,
}: ResetPasswordViewProps) {
  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title={title}
        description={
          code
            ? 'Choose a new password for your ipick account.'
            : "Enter your account's email and we'll send you a link to choose a new password."
        }
      />
      <Card>
        <CardContent>
          {code ? (
            <ResetPasswordForm
              code={code}
              signInHref={signInHref}
              requestNewHref={requestNewHref}
            />
          ) : (
            <ForgotPasswordForm />
          )}
        </CardContent>
      </Card>
      <p className="mt-6 text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link
          to={signInHref}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </PageContainer>
  );
}
