import { Link, Navigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { BusinessRegisterForm } from '@/features/business-auth/components/business-register-form';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import { PageSkeleton } from '../../page-skeleton';

const capabilities = [
  'Add the ipick snippet or server-side calls to your shop',
  'Upload a product feed so shoppers comparing prices find your products',
  'See referrals, activity, analytics and attribution in your dashboard',
] as const;

/** `/business/register`: a new merchant account, then straight to the dashboard. */
export default function BusinessRegisterPage() {
  const { business, isLoading } = useBusinessAuth();

  if (isLoading) return <PageSkeleton />;
  // A registration that succeeds signs the business in, and this sends it on.
  if (business) return <Navigate to="/business/dashboard" replace />;

  return (
    <PageContainer className="max-w-2xl">
      <PageHeader
        title="Register your business"
        description="Create a merchant account to measure the shoppers and sales ipick sends to your shop."
      />
      <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
        <Card>
          <CardContent>
            <BusinessRegisterForm />
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader>
            <CardTitle className="text-base">What a business account includes</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-2 pl-5 text-sm">
              {capabilities.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Already registered?{' '}
        <Link
          to="/business-login"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Business sign in
        </Link>
      </p>
    </PageContainer>
  );
}
