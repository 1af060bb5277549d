import { ChartNoAxesCombined, Route as RouteIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import {
  clearDashboardChoice,
  DASHBOARD_PATHS,
  readDashboardChoice,
  writeDashboardChoice,
  type DashboardChoice,
} from '@/features/business-setup/utils/dashboard-choice';

const dashboards: ReadonlyArray<{
  key: DashboardChoice;
  title: string;
  text: string;
  icon: ReactNode;
}> = [
  {
    key: 'checkout',
    title: 'Checkout dashboard',
    text: 'Activity, integration, analytics, products, settings and attribution for your shop.',
    icon: <ChartNoAxesCombined aria-hidden="true" className="size-5 text-primary" />,
  },
  {
    key: 'journey',
    title: 'Customer journeys',
    text: 'The steps shoppers take from an ipick referral to a purchase.',
    icon: <RouteIcon aria-hidden="true" className="size-5 text-primary" />,
  },
];

/**
 * `/business/dashboard`: the checkout or the journey dashboard. The choice is remembered in this
 * browser; with "go straight there" ticked, the next visit skips this page (`?choose=1` shows it).
 */
export default function DashboardSelectorPage() {
  const [params] = useSearchParams();
  const [stored, setStored] = useState(() => readDashboardChoice());
  const [skipNextTime, setSkipNextTime] = useState(stored?.skipSelector ?? false);
  const checkboxId = useId();

  if (stored?.skipSelector && params.get('choose') === null) {
    return <Navigate to={DASHBOARD_PATHS[stored.dashboard]} replace />;
  }

  const remember = (dashboard: DashboardChoice) => {
    writeDashboardChoice({ dashboard, skipSelector: skipNextTime });
  };

  const forget = () => {
    clearDashboardChoice();
    setStored(null);
    setSkipNextTime(false);
  };

  return (
    <PageContainer>
      <PageHeader
        title="Business dashboards"
        description="Choose the view of your shop you need."
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {dashboards.map((dashboard) => (
          <li key={dashboard.key}>
            <Link
              to={DASHBOARD_PATHS[dashboard.key]}
              onClick={() => remember(dashboard.key)}
              className="block h-full rounded-lg transition-shadow hover:shadow-md focus-visible:outline-offset-4"
            >
              <Card className="h-full">
                <CardHeader className="pb-5 sm:pb-6">
                  <div className="flex items-center justify-between gap-2">
                    {dashboard.icon}
                    {stored?.dashboard === dashboard.key ? <Badge>Last used</Badge> : null}
                  </div>
                  <CardTitle>{dashboard.title}</CardTitle>
                  <CardDescription>{dashboard.text}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Checkbox
            id={checkboxId}
            checked={skipNextTime}
            onChange={(event) => setSkipNextTime(event.target.checked)}
          />
          <Label htmlFor={checkboxId} className="font-normal">
            Go straight to the dashboard I choose next time
          </Label>
        </div>
        {stored ? (
          <Button variant="ghost" size="sm" onClick={forget}>
            Forget my choice
          </Button>
        ) : null}
      </div>
    </PageContainer>
  );
}
