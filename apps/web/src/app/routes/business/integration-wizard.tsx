import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import { IntegrationWizard } from '@/features/business-setup/components/integration-wizard';
import { FeedUpload } from '@/features/merchant-catalog/components/feed-upload';
import { SnippetInstructions } from '@/features/tracking-test/components/snippet-instructions';

/** `/business/integrate/wizard`; `?step=1…4` keeps the open step in the address. */
export default function IntegrationWizardPage() {
  const { business } = useBusinessAuth();
  const [params, setParams] = useSearchParams();
  const stepParam = Number(params.get('step'));
  const step = Number.isInteger(stepParam) && stepParam >= 1 ? stepParam - 1 : null;

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Integration wizard"
        description="A step-by-step set-up of ipick tracking on your shop. Your progress is saved as you go."
      />
      <IntegrationWizard
        step={step}
        onStepChange={(next) => setParams({ step: String(next + 1) }, { replace: true })}
        renderSnippet={(publishableKey, snippetRef) => (
          <SnippetInstructions
            publishableKey={publishableKey}
            domain={business?.domain}
            snippetRef={snippetRef}
          />
        )}
        renderFeedUpload={({ importId, onFinished }) => (
          <FeedUpload importId={importId} onFinished={onFinished} />
        )}
        finish={
          <Link to="/business/dashboard/checkout" className={buttonVariants()}>
            Go to your dashboard
          </Link>
        }
      />
    </PageContainer>
  );
}
