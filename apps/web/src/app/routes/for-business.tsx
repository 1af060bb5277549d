import { BarChart3, FileSpreadsheet, Link2, Route } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';

const benefits: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <FileSpreadsheet />,
    title: 'Your products in every comparison',
    text: 'Upload your product feed (Google Merchant Center XML, CSV or TSV) or give its address. When a shopper compares one of your products at another shop, ipick shows your price beside it.',
  },
  {
    icon: <Link2 />,
    title: 'Tracked referrals',
    text: 'Every shopper ipick sends you arrives through a tracked link with its referral id and UTM values, so your analytics and ours count the same visits.',
  },
  {
    icon: <Route />,
    title: 'Attribution and journeys',
    text: 'Add the ipick snippet or send sales from your server. ipick ties each sale to the clicks that led to it, credits them under four models, and shows each order’s journey.',
  },
  {
    icon: <BarChart3 />,
    title: 'A dashboard of what ipick did for you',
    text: 'Clicks, shoppers, conversions and revenue against the period before, live activity, your top products, and a CSV export.',
  },
];

/** `/for-business`: what a shop gets from ipick, with the way to register or sign in. */
export default function ForBusinessPage() {
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="ipick for business"
        description="Shoppers compare prices on ipick before they buy. List your shop, and ipick sends them to you and shows what they did."
      />
      <div className="flex flex-wrap gap-3">
        <Link to="/business/register" className={buttonVariants()}>
          Register your shop
        </Link>
        <Link to="/business-login" className={buttonVariants({ variant: 'outline' })}>
          Sign in
        </Link>
      </div>
      <ul aria-label="What your shop gets" className="grid gap-4 sm:grid-cols-2">
        {benefits.map((benefit) => (
          <li
            key={benefit.title}
            className="flex gap-3 rounded-lg border border-border bg-card p-4"
          >
            <span aria-hidden="true" className="text-primary [&_svg]:size-6">
              {benefit.icon}
            </span>
            <div className="flex flex-col gap-1">
              <h2 className="font-semibold">{benefit.title}</h2>
              <p className="text-sm text-muted-foreground">{benefit.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        ipick approves a new shop before its products reach shoppers; signing up takes a minute.
      </p>
    </PageContainer>
  );
}
