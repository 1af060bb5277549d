import { Code, FileSpreadsheet, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { IntegrationStatusPanel } from '@/features/business-setup/components/integration';

const methods: ReadonlyArray<{
  title: string;
  text: string;
  icon: ReactNode;
  to: string;
  action: string;
}> = [
  {
    title: 'The ipick snippet',
    text: 'A small script on your shop pages reads the referral from the landing address and reports page views by itself, and add-to-cart and purchases when your pages call it.',
    icon: <Code aria-hidden="true" className="size-5 text-primary" />,
    to: '/business/integrate/wizard?step=2',
    action: 'Install the snippet',
  },
  {
    title: 'Server-side calls',
    text: 'Your shop’s server reports leads, sales and refunds to ipick with a secret key, with no script in the page.',
    icon: <Server aria-hidden="true" className="size-5 text-primary" />,
    to: '/business/dashboard/checkout/integrate#server-api',
    action: 'See the server API',
  },
  {
    title: 'A product feed',
    text: 'Upload your catalog (Google Merchant XML, CSV or TSV) so ipick can show your products next to others’.',
    icon: <FileSpreadsheet aria-hidden="true" className="size-5 text-primary" />,
    to: '/business/integrate/wizard?step=4',
    action: 'Upload a feed',
  },
];

/** Served at /business/integrate and /business-integrate (spec §2). */
export default function BusinessIntegratePage() {
  return (
    <PageContainer>
      <PageHeader
        title="Integrate ipick with your shop"
        description="Connect your shop so ipick can attribute the sales its referrals bring you."
      />
      <div className="mb-6">
        <IntegrationStatusPanel />
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {methods.map((method) => (
          <li key={method.title}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                {method.icon}
                <CardTitle>{method.title}</CardTitle>
              </CardHeader>
              <CardContent className="flex-1">
                <CardDescription>{method.text}</CardDescription>
              </CardContent>
              <CardFooter>
                <Link to={method.to} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                  {method.action}
                </Link>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/business/integrate/wizard" className={buttonVariants()}>
          Start the integration wizard
        </Link>
        <Link to="/business/connect" className={buttonVariants({ variant: 'outline' })}>
          Connect another shop domain
        </Link>
      </div>
    </PageContainer>
  );
}
