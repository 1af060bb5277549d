import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { AddDomainForm, DomainList } from '@/features/business-setup/components/domains';
import { SectionCard } from '@/features/business-setup/components/section-card';

export default function BusinessConnectPage() {
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Connect your shop"
        description="Enter your shop’s domain and prove it is yours; ipick then accepts its events."
      />
      <div className="flex flex-col gap-6">
        <SectionCard
          id="add-domain"
          title="1. Enter your shop’s domain"
          description="For example shop.example.com, without https:// or a path."
        >
          <AddDomainForm />
        </SectionCard>
        <SectionCard
          id="verify-domain"
          title="2. Verify it"
          description="Add the meta tag or the file to your site, then press “Verify domain”."
        >
          <DomainList />
        </SectionCard>
      </div>
      <div className="mt-6">
        <Link to="/business/integrate/wizard?step=2" className={buttonVariants()}>
          Next: install the snippet
        </Link>
      </div>
    </PageContainer>
  );
}
