import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import {
  firstPublishableKey,
  useBusinessKeys,
} from '@/features/tracking-test/api/get-business-keys';
import { LiveEvents } from '@/features/tracking-test/components/live-events';
import { SnippetSandbox } from '@/features/tracking-test/components/snippet-sandbox';

export default function TrackingTestPage() {
  const { business } = useBusinessAuth();
  const keys = useBusinessKeys(business !== null);
  const defaultKey = business ? (firstPublishableKey(keys.data?.keys) ?? '') : '';

  return (
    <PageContainer>
      <PageHeader
        title="Tracking test"
        description="Send test events from this page to check that tracking reaches ipick."
      />
      <div className="flex flex-col gap-6">
        <SnippetSandbox defaultKey={defaultKey} defaultDomain={business?.domain ?? ''} />
        {business ? (
          <LiveEvents />
        ) : (
          <p className="text-sm text-muted-foreground">
            <Link
              to="/business-login?returnTo=%2Ftracking-test"
              className={buttonVariants({ variant: 'link' })}
            >
              Sign in as a business
            </Link>{' '}
            to see the events ipick stored for your shop.
          </p>
        )}
        <Link
          to="/real-tracking-test"
          className={buttonVariants({ variant: 'outline', className: 'self-start' })}
        >
          Test on your real shop
        </Link>
      </div>
    </PageContainer>
  );
}
