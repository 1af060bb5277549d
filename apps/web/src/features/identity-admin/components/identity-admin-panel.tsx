import { ApiKeysSection } from './api-keys-section';
import { MetricsSection } from './metrics-section';
import { PermissionDefinitionsSection } from './permission-definitions-section';
import { ProjectSettings } from './project-settings';

/**
 * The admin area's Identity section: ipick's identity project as the admin tier manages it
 * (spec §6): settings and production mode, API keys, permission definitions and user figures.
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
      <ApiKeysSection />
      <PermissionDefinitionsSection scope="team" />
      <PermissionDefinitionsSection scope="project" />
      <MetricsSection />
    </section>
  );
}
