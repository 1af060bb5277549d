import { useRef } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import {
  CreatePublishableKey,
  IntegrationStatusPanel,
  SendTestEventButton,
  ServerApiExamples,
  usePublishableKey,
} from '@/features/business-setup/components/integration';
import { SectionCard, SectionLoad } from '@/features/business-setup/components/section-card';
import { SnippetInstructions } from '@/features/tracking-test/components/snippet-instructions';

export default function DashboardIntegratePage() {
  const { business } = useBusinessAuth();
  const snippetRef = useRef<HTMLPreElement>(null);
  const { keys, publishableKey, create, isCreating, createError } = usePublishableKey({
    onCreated: () => snippetRef.current?.focus(),
  });

  return (
    <PageContainer>
      <PageHeader
        title="Integrate"
        description="Connect your shop to ipick with the snippet or server-side calls."
      >
        <div>
          <Link to="/business/integrate/wizard" className={buttonVariants({ variant: 'outline' })}>
            Open the integration wizard
          </Link>
        </div>
      </PageHeader>
      <div className="flex flex-col gap-6">
        <SectionCard
          id="status"
          title="Integration status"
          description="ipick checks every few seconds for the first event from your shop."
        >
          <IntegrationStatusPanel />
        </SectionCard>
        <SectionCard
          id="snippet"
          title="The snippet"
          description="Paste the tag on every page of your shop; it reports page views by itself, and add-to-cart and purchases when you call it."
        >
          {keys.data ? (
            <>
              {publishableKey ? null : (
                <CreatePublishableKey
                  onCreate={create}
                  isCreating={isCreating}
                  error={createError}
                />
              )}
              <SnippetInstructions
                publishableKey={publishableKey}
                domain={business?.domain}
                snippetRef={snippetRef}
              />
            </>
          ) : (
            <SectionLoad query={keys} what="API keys" />
          )}
        </SectionCard>
        <SectionCard
          id="server-api"
          title="Server API"
          description={
            <>
              Report leads, sales and refunds from your server to{' '}
              <span className="font-mono">POST /api/conversions</span> with a secret key.
            </>
          }
        >
          <ServerApiExamples />
        </SectionCard>
        <SectionCard
          id="test-event"
          title="Send a test event"
          description="Check that ipick receives events for your shop. Test events never count in your figures."
        >
          <SendTestEventButton label="integrate-page" />
        </SectionCard>
      </div>
    </PageContainer>
  );
}
