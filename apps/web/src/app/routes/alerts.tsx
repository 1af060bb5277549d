import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PriceAlertsList } from '@/features/price-alerts/components/price-alerts-list';

/** `/alerts`: the signed-in shopper's price-drop alerts, beside History and Favorites. */
export default function AlertsPage() {
  // The router's guard already waits for a signed-in shopper; this keeps the query honest.
  const { user } = useAuth();
  return (
    <PageContainer>
      <PageHeader
        title="Price alerts"
        description="ipick emails you once when an offer's price, with shipping, drops to the price you chose. Pause or remove alerts here."
      />
      <PriceAlertsList enabled={user !== null} />
    </PageContainer>
  );
}
