import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export default function LoginPage() {
  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Sign in"
        description="Sign in to keep your search history and favorites across visits."
      />
      <div className="flex flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>No account needed to compare</CardTitle>
            <CardDescription>
              Comparing prices works without signing in. An account only keeps your history and
              favorites.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/" className={buttonVariants()}>
              Compare prices
            </Link>
          </CardContent>
        </Card>
        <p className="text-sm text-muted-foreground">
          Forgot your password?{' '}
          <Link
            to="/reset-password"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Reset it
          </Link>
          . Signing in for a shop?{' '}
          <Link
            to="/business-login"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Business sign in
          </Link>
          .
        </p>
      </div>
    </PageContainer>
  );
}
