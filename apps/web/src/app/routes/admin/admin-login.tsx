import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function AdminLoginPage() {
  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Admin sign in"
        description="The admin area has its own sign-in, separate from shopper and business accounts."
      />
      <EmptyState
        icon={<ShieldCheck />}
        title="Admin accounts only"
        description="Admin accounts are set up by whoever runs this ipick installation. Shoppers and shops sign in elsewhere."
        actions={
          <>
            <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
              Shopper sign in
            </Link>
            <Link to="/business-login" className={buttonVariants({ variant: 'outline' })}>
              Business sign in
            </Link>
          </>
        }
      />
    </PageContainer>
  );
}
