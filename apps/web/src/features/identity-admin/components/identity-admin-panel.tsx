import { ApiKeysSection } from './api-keys-section';
import { EmailServerSection } from './email-server-section';
import { EmailTemplatesSection } from './email-templates-section';
import { MetricsSection } from './metrics-section';
import { OAuthProvidersSection } from './oauth-providers-section';
import { PermissionDefinitionsSection } from './permission-definitions-section';
import { ProjectSettings } from './project-settings';
import { SentEmailsSection } from './sent-emails-section';
import { WebhooksSection } from './webhooks-section';

/**
 * The admin area's Identity section: ipick's identity project as the admin tier manages it
 * (spec §6): settings and production mode, OAuth providers, the email server, API keys,
 * permission definitions, email templates and themes, sent mail, webhooks and user figures.
 */
export default function IdentityAdminPanel() {
  return (
    <section aria-labelledby="identity-heading" className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h2 id="identity-heading" className="text-lg font-semibold">
          Identity
        </h2>
        <p className="text-sm text-muted-foreground">
          How people sign in to ipick and the apps built on its identity API.
        </p>
      </div>
      <ProjectSettings />
      <OAuthProvidersSection />
      <EmailServerSection />
      <ApiKeysSection />
      <PermissionDefinitionsSection scope="team" />
      <PermissionDefinitionsSection scope="project" />
      <EmailTemplatesSection />
      <SentEmailsSection />
      <WebhooksSection />
      <MetricsSection />
    </section>
  );
}
