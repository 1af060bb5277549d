import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { handlerPath } from './handler-pages';

/** /handler/forgot-password: asks for a reset email. */
export function ForgotPasswordHandler() {
  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Forgot your password?"
        description="Enter your account's email and we'll send you a link to choose a new password."
      />
      <Card>
        <CardContent>
          <ForgotPasswordForm />
        </CardContent>
      </Card>
      <p className="mt-6 text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link
          to={handlerPath('sign-in')}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </PageContainer>
  );
}
