import { useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { setSessionBusiness } from '@/features/business-auth/api/get-business-me';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import { ApiKeyManager } from '@/features/business-setup/components/api-keys';
import { AttributionSettingsForm } from '@/features/business-setup/components/attribution-section';
import { AddDomainForm, DomainList } from '@/features/business-setup/components/domains';
import { ProfileForm } from '@/features/business-setup/components/profile-section';
import { SectionCard } from '@/features/business-setup/components/section-card';
import { TeamManager } from '@/features/business-setup/components/team';

const sections = [
  { id: 'profile', title: 'Shop profile' },
  { id: 'domains', title: 'Domains' },
  { id: 'api-keys', title: 'API keys' },
  { id: 'attribution', title: 'Attribution' },
  { id: 'team', title: 'Team' },
] as const;

export default function DashboardSettingsPage() {
  const { business } = useBusinessAuth();
  const queryClient = useQueryClient();

  return (
    <PageContainer>
      <PageHeader
        title="Settings"
        description="Your shop profile, domains, API keys, attribution and team."
      />
      <nav aria-label="Settings sections" className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-block rounded-md border border-border px-3 py-1.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-6">
        <SectionCard
          id="profile"
          title="Shop profile"
          description="How ipick names your shop and where it writes to you."
        >
          {business ? (
            <ProfileForm
              business={business}
              onSaved={(saved) => setSessionBusiness(queryClient, saved)}
            />
          ) : null}
        </SectionCard>
        <SectionCard
          id="domains"
          title="Domains"
          description="The domains your shop runs on. ipick accepts events only from verified ones."
        >
          <DomainList />
          <AddDomainForm />
        </SectionCard>
        <SectionCard
          id="api-keys"
          title="API keys"
          description="Publishable keys go in the snippet on your pages; secret keys stay on your server."
        >
          <ApiKeyManager />
        </SectionCard>
        <SectionCard
          id="attribution"
          title="Attribution"
          description="How long after an ipick click a sale still counts, and how credit is shared."
        >
          <AttributionSettingsForm />
        </SectionCard>
        <SectionCard id="team" title="Team" description="The people who run your shop on ipick.">
          <TeamManager />
        </SectionCard>
      </div>
    </PageContainer>
  );
}
