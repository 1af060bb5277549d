import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import {
  AttributionReport,
  PERIOD_DAYS,
  type PeriodDays,
} from '@/features/attribution/components/attribution-report';

/** `?days=` keeps the period in the address; 30 days by default. */
function readDays(value: string | null): PeriodDays {
  const days = Number(value);
  return (PERIOD_DAYS as readonly number[]).includes(days) ? (days as PeriodDays) : 30;
}

export default function DashboardAttributionPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = readDays(searchParams.get('days'));
  return (
    <PageContainer>
      <PageHeader
        title="Attribution"
        description="Which ipick clicks led to purchases in your shop, credited under four models side by side."
      />
      <AttributionReport
        days={days}
        onDaysChange={(next) =>
          setSearchParams(next === 30 ? {} : { days: String(next) }, { replace: true })
        }
      />
    </PageContainer>
  );
}
