import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { AttributionReport } from '@/features/attribution/components/attribution-report';
import { PeriodPicker } from '@/features/business-dashboard/components/period-picker';
import {
  checkDays,
  PERIOD_PRESETS,
  presetPeriod,
  type Period,
} from '@/features/business-dashboard/utils/period';

const DEFAULT_PRESET = '30';

/**
 * The period is kept in the address: `?days=7|90|365` for a preset (nothing for the default 30
 * days), `?from=YYYY-MM-DD&to=YYYY-MM-DD` for custom dates, both days included (UTC).
 */
function readPeriod(searchParams: URLSearchParams): Period {
  const from = searchParams.get('from');
  const to = searchParams.get('to');
  if (from && to && checkDays(from, to) === null) return { preset: 'custom', from, to };
  const preset = PERIOD_PRESETS.find((item) => item.value === searchParams.get('days'));
  return presetPeriod(preset?.value ?? DEFAULT_PRESET);
}

function periodSearch(period: Period): Record<string, string> {
  if (period.preset === 'custom') return { from: period.from, to: period.to };
  return period.preset === DEFAULT_PRESET ? {} : { days: period.preset };
}

export default function DashboardAttributionPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = readPeriod(searchParams);
  return (
    <PageContainer>
      <PageHeader
        title="Attribution"
        description="Which ipick clicks led to purchases in your shop, credited under four models side by side."
      />
      <AttributionReport
        period={{ from: period.from, to: period.to }}
        periodControl={
          <PeriodPicker
            value={period}
            onChange={(next) => setSearchParams(periodSearch(next), { replace: true })}
          />
        }
      />
    </PageContainer>
  );
}
