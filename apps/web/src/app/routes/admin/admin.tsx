import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AdminSignedInAs } from './admin-signed-in-as';

export default function AdminPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Admin"
        description="Manage the businesses, users and retailer affiliate settings of ipick."
      >
        <AdminSignedInAs />
      </PageHeader>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Link
            to="/admin/business"
            className="block h-full rounded-lg transition-shadow hover:shadow-md focus-visible:outline-offset-4"
          >
            <Card className="h-full">
              <CardHeader className="pb-5 sm:pb-6">
                <Building2 aria-hidden="true" className="size-5 text-primary" />
                <CardTitle>Business management</CardTitle>
                <CardDescription>Review the merchant accounts registered on ipick.</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        </li>
      </ul>
    </PageContainer>
  );
}
