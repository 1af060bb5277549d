import { Building2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { AuditLog } from '@/features/admin/components/audit-log';
import { OutboxPanel } from '@/features/admin/components/outbox-panel';
import { OverviewPanel } from '@/features/admin/components/overview-panel';
import { RetailersPanel } from '@/features/admin/components/retailers-panel';
import { UsersPanel } from '@/features/admin/components/users-panel';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MatchReportsQueue } from '@/features/match-reports/components/match-reports-queue';
import { AdminSignedInAs } from './admin-signed-in-as';

// The Identity section (and recharts) loads when its tab is opened.
const IdentityAdminPanel = lazy(
  () => import('@/features/identity-admin/components/identity-admin-panel'),
);

type AdminTab =
  'overview' | 'users' | 'match-reports' | 'outbox' | 'retailers' | 'identity' | 'audit';

const tabs: readonly TabItem<AdminTab>[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Users' },
  { value: 'match-reports', label: 'Match reports' },
  { value: 'outbox', label: 'Mail outbox' },
  { value: 'retailers', label: 'Retailers' },
  { value: 'identity', label: 'Identity' },
  { value: 'audit', label: 'Audit log' },
];

function isAdminTab(value: string | null): value is AdminTab {
  return tabs.some((tab) => tab.value === value);
}

export default function AdminPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'overview';

  return (
    <PageContainer>
      <PageHeader
        title="Admin"
        description="Manage the businesses, users and retailer affiliate settings of ipick."
      >
        <div className="flex flex-wrap items-center gap-3">
          <AdminSignedInAs />
          <Link to="/admin/business" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Building2 aria-hidden="true" />
            Business management
          </Link>
        </div>
      </PageHeader>
      <div className="flex flex-col gap-6">
        <TabList
          label="Admin sections"
          idPrefix="admin"
          items={tabs}
          value={tab}
          onValueChange={(next) => setSearchParams({ tab: next }, { replace: true })}
        />
        <TabPanel idPrefix="admin" value={tab}>
          {tab === 'overview' ? <OverviewPanel /> : null}
          {tab === 'users' ? <UsersPanel currentUserId={user?.id ?? null} /> : null}
          {tab === 'match-reports' ? <MatchReportsQueue /> : null}
          {tab === 'outbox' ? <OutboxPanel /> : null}
          {tab === 'retailers' ? <RetailersPanel /> : null}
          {tab === 'identity' ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
              <IdentityAdminPanel />
            </Suspense>
          ) : null}
          {tab === 'audit' ? <AuditLog title="Audit log" /> : null}
        </TabPanel>
      </div>
    </PageContainer>
  );
}
