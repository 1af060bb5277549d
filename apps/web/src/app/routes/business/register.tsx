import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const capabilities = [
  'Add the ipick snippet or server-side calls to your shop',
  'Upload a product feed so shoppers comparing prices find your products',
  'See referrals, activity, analytics and attribution in your dashboard',
] as const;

export default function BusinessRegisterPage() {
  return (
    <PageContainer className="max-w-2xl">
      <PageHeader
        title="Register your business"
        description="Create a merchant account to measure the shoppers and sales ipick sends to your shop."
      />
      <Card>
        <CardHeader>
          <CardTitle>What a business account includes</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-2 pl-5 text-sm">
            {capabilities.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <p className="mt-6 text-sm text-muted-foreground">
        Already registered?{' '}
        <Link
          to="/business-login"
          className={buttonVariants({ variant: 'link', className: 'h-auto px-0' })}
        >
          Business sign in
        </Link>
      </p>
    </PageContainer>
  );
}
