import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const methods = [
  {
    title: 'The ipick snippet',
    text: 'A small script on your shop pages reads the referral from the landing address and reports page views, add-to-cart and purchases.',
  },
  {
    title: 'Server-side calls',
    text: 'Your shop’s server reports the same events to ipick directly, with no script in the page.',
  },
] as const;

/** Served at /business/integrate and /business-integrate (spec §2). */
export default function BusinessIntegratePage() {
  return (
    <PageContainer>
      <PageHeader
        title="Integrate ipick with your shop"
        description="Connect your shop so ipick can attribute the sales its referrals bring you."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {methods.map((method) => (
          <Card key={method.title}>
            <CardHeader>
              <CardTitle>{method.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <CardDescription>{method.text}</CardDescription>
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="mt-6">
        <Link to="/business/integrate/wizard" className={buttonVariants()}>
          Start the integration wizard
        </Link>
      </div>
    </PageContainer>
  );
}
