import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function ResetPasswordPage() {
  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Reset password"
        description="Choose a new password for your ipick account."
      />
      <EmptyState
        icon={<KeyRound />}
        title="Open this page from your reset email"
        description="A password can only be reset through the link in a reset email."
        actions={
          <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
            Back to sign in
          </Link>
        }
      />
    </PageContainer>
  );
}
