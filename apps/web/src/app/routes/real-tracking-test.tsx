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
import { SnippetInstructions } from '@/features/tracking-test/components/snippet-instructions';

export default function RealTrackingTestPage() {
  const { business } = useBusinessAuth();
  const keys = useBusinessKeys(business !== null);
  const publishableKey = business ? firstPublishableKey(keys.data?.keys) : null;

  return (
    <PageContainer>
      <PageHeader
        title="Live tracking test"
        description="Watch events from your live shop arrive, to confirm a real integration works end to end."
      />
      <div className="flex flex-col gap-6">
        <SnippetInstructions publishableKey={publishableKey} domain={business?.domain ?? null} />
        {business ? (
          <>
            <p className="text-sm text-muted-foreground">
              3. Open your shop in another tab, browse and place a test order: the events appear
              below within a few seconds.
            </p>
            <LiveEvents />
          </>
        ) : (
          <section className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-border p-5">
            <h2 className="font-semibold">See your events live</h2>
            <p className="text-sm text-muted-foreground">
              Sign in as a business to fill in your publishable key and watch your shop&apos;s
              events arrive here.
            </p>
            <Link
              to="/business-login?returnTo=%2Freal-tracking-test"
              className={buttonVariants({ variant: 'default' })}
            >
              Sign in as a business
            </Link>
          </section>
        )}
        <Link
          to="/tracking-test"
          className={buttonVariants({ variant: 'outline', className: 'self-start' })}
        >
          Send a test event instead
        </Link>
      </div>
    </PageContainer>
  );
}
