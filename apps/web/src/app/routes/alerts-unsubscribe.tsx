import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { UnsubscribePanel } from '@/features/price-alerts/components/unsubscribe-panel';

/** `/alerts/unsubscribe?token=…`: an alert email's "Stop this alert" link; no sign-in needed. */
export default function AlertsUnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <PageContainer>
      <PageHeader title="Stop a price alert" description="No sign-in needed." />
      <UnsubscribePanel token={params.get('token') ?? ''} />
    </PageContainer>
  );
}
