import { ChartNoAxesCombined, Route as RouteIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const dashboards: ReadonlyArray<{ to: string; title: string; text: string; icon: ReactNode }> = [
  {
    to: '/business/dashboard/checkout',
    title: 'Checkout dashboard',
    text: 'Activity, integration, analytics, products, settings and attribution for your shop.',
    icon: <ChartNoAxesCombined aria-hidden="true" className="size-5 text-primary" />,
  },
  {
    to: '/business/dashboard/journey',
    title: 'Customer journeys',
    text: 'The steps shoppers take from an ipick referral to a purchase.',
    icon: <RouteIcon aria-hidden="true" className="size-5 text-primary" />,
  },
];

export default function DashboardSelectorPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Business dashboards"
        description="Choose the view of your shop you need."
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {dashboards.map((dashboard) => (
          <li key={dashboard.to}>
            <Link
              to={dashboard.to}
              className="block h-full rounded-lg transition-shadow hover:shadow-md focus-visible:outline-offset-4"
            >
              <Card className="h-full">
                <CardHeader className="pb-5 sm:pb-6">
                  {dashboard.icon}
                  <CardTitle>{dashboard.title}</CardTitle>
                  <CardDescription>{dashboard.text}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
