import { lazy, Suspense, type ReactNode } from 'react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { EmailStatus } from '@/features/auth/components/email-status';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { SessionsList } from '@/features/auth/components/sessions-list';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';

// The sections below the first screen, and the identity calls behind them, load after it.
const EmailAddresses = lazy(() =>
  import('@/features/account-identity/components/email-addresses').then((module) => ({
    default: module.EmailAddresses,
  })),
);
const MyTeams = lazy(() =>
  import('@/features/account-identity/components/my-teams').then((module) => ({
    default: module.MyTeams,
  })),
);
const MyApiKeys = lazy(() =>
  import('@/features/account-identity/components/my-api-keys').then((module) => ({
    default: module.MyApiKeys,
  })),
);
const TwoFactorSettings = lazy(() =>
  import('@/features/account-identity/components/two-factor-settings').then((module) => ({
    default: module.TwoFactorSettings,
  })),
);
const PasskeySettings = lazy(() =>
  import('@/features/auth/components/passkey-settings').then((module) => ({
    default: module.PasskeySettings,
  })),
);

function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-16 w-full" />}>{children}</Suspense>
      </CardContent>
    </Card>
  );
}

/** /handler/account-settings (signed in only; the router guards it). */
export function AccountSettingsHandler() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <PageContainer className="max-w-2xl">
      <PageHeader
        title="Account settings"
        description="Your profile, email addresses, teams, API keys, password, two-factor, passkeys and signed-in devices."
      />
      <div className="flex flex-col gap-6">
        <SettingsSection title="Profile" description="The name ipick shows for your account.">
          <ProfileForm user={user} />
        </SettingsSection>
        <SettingsSection
          title="Email"
          description="The address you sign in with and where ipick sends account emails."
        >
          <EmailStatus user={user} />
        </SettingsSection>
        <SettingsSection
          title="Email addresses"
          description="Every address on your account. The primary one is where ipick writes and what you sign in with."
        >
          <EmailAddresses />
        </SettingsSection>
        <SettingsSection title="Teams" description="The teams you belong to on ipick.">
          <MyTeams />
        </SettingsSection>
        <SettingsSection
          title="API keys"
          description="Keys that let your own programs act as you. Treat them like a password."
        >
          <MyApiKeys />
        </SettingsSection>
        <SettingsSection
          title="Password"
          description="Changing your password signs out your other devices."
        >
          <ChangePasswordForm />
        </SettingsSection>
        <SettingsSection
          title="Two-factor authentication"
          description="A code from an authenticator app on your phone, asked for after your password."
        >
          <TwoFactorSettings accountName={user.email ?? user.id} />
        </SettingsSection>
        <SettingsSection
          title="Passkeys"
          description="Sign in with your device's screen lock or a security key instead of a password."
        >
          <PasskeySettings />
        </SettingsSection>
        <SettingsSection
          title="Sessions"
          description="The devices signed in to your account. Sign out any you don't recognise."
        >
          <SessionsList />
        </SettingsSection>
      </div>
    </PageContainer>
  );
}
