import * as stack2_8_108 from '@stackframe/js';
import * as stack2_8_102 from 'stackframe-js-2-8-102';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityRepository } from '../core/identity-repository.ts';
import { Projects, type ProjectKeys } from '../core/projects.ts';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';

/**
 * The published `StackAdminApp` (@stackframe/js 2.8.108 and 2.8.102) against a running ipick:
 * the admin tier as the Stack clients use it, with the operator's admin key and with a project
 * owner's session on the internal project.
 */
type Sdk = typeof stack2_8_108;
const sdks: { version: string; sdk: Sdk }[] = [
  { version: '2.8.108', sdk: stack2_8_108 },
  { version: '2.8.102', sdk: stack2_8_102 as unknown as Sdk },
];

let ctx: IdentityApp;
let internalKeys: ProjectKeys;

beforeAll(async () => {
  ctx = await startIdentityApp({ listen: true });
  const projects = new Projects(new IdentityRepository(ctx.testDb.database.db), ctx.baseUrl);
  internalKeys = await projects.ensureKeys((await projects.ensureInternalProject()).id);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe.each(sdks)('StackAdminApp $version against ipick', ({ version, sdk }) => {
  const adminApp = () =>
    new sdk.StackAdminApp({
      baseUrl: ctx.baseUrl,
      projectId: ctx.keys.projectId,
      publishableClientKey: ctx.keys.publishableClientKey,
      secretServerKey: ctx.keys.secretServerKey,
      superSecretAdminKey: ctx.keys.superSecretAdminKey,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
    });
  const clientApp = (projectId = ctx.keys.projectId, key = ctx.keys.publishableClientKey) =>
    new sdk.StackClientApp({
      baseUrl: ctx.baseUrl,
      projectId,
      publishableClientKey: key,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
      redirectMethod: 'none',
    });

  it('reads and updates the project', async () => {
    const admin = adminApp();
    const project = await admin.getProject();
    expect(project.id).toBe(ctx.keys.projectId);
    expect(project.isProductionMode).toBe(false);
    expect(project.config.signUpEnabled).toBe(true);
    await project.update({ description: `Managed by ${version}` });
    const again = await adminApp().getProject();
    expect(again.description).toBe(`Managed by ${version}`);
    expect(await again.getProductionModeErrors()).toContainEqual({
      message:
        "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
      relativeFixUrl: `/projects/${ctx.keys.projectId}/domains`,
    });
  });

  it('creates a key shown once, lists it by its last four characters, and revokes it', async () => {
    const admin = adminApp();
    const created = await admin.createInternalApiKey({
      description: `server key ${version}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      hasPublishableClientKey: false,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(created.secretServerKey).toMatch(/^ssk_/);
    const server = new sdk.StackServerApp({
      baseUrl: ctx.baseUrl,
      projectId: ctx.keys.projectId,
      publishableClientKey: ctx.keys.publishableClientKey,
      secretServerKey: created.secretServerKey!,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
    });
    await server.listUsers();
    const listed = (await admin.listInternalApiKeys()).find((key) => key.id === created.id)!;
    expect(listed.secretServerKey).toEqual({ lastFour: created.secretServerKey!.slice(-4) });
    expect(listed.isValid()).toBe(true);
    await listed.revoke();
    const revoked = (await admin.listInternalApiKeys()).find((key) => key.id === created.id)!;
    expect(revoked.whyInvalid()).toBe('manually-revoked');
    await expect(server.listUsers()).rejects.toThrow(
      /INVALID_SECRET_SERVER_KEY|secret server key/i,
    );
  });

  it('overrides the config: client team creation goes from refused to allowed', async () => {
    const admin = adminApp();
    const project = await admin.getProject();
    await project.updateConfig({ 'teams.allowClientTeamCreation': false });
    const client = clientApp();
    await client.signUpWithCredential({
      email: `teams-${version}-${Date.now()}@example.com`,
      password: 'correct horse battery',
      noVerificationCallback: true,
      noRedirect: true,
    });
    const user = await client.getUser({ or: 'throw' });
    await expect(user.createTeam({ displayName: 'Refused' })).rejects.toThrow();

    await project.updateConfig({ 'teams.allowClientTeamCreation': true });
    const config = await project.getConfig();
    expect(config).toMatchObject({ teams: { allowClientTeamCreation: true } });
    expect((await adminApp().getProject()).config.clientTeamCreationEnabled).toBe(true);
    const team = await user.createTeam({ displayName: 'Allowed' });
    expect(team.displayName).toBe('Allowed');
    await project.updateConfig({ 'teams.allowClientTeamCreation': false });
  });

  it('creates a permission definition and grants it', async () => {
    const admin = adminApp();
    const id = `publish_${version.replace(/\./g, '_')}`;
    const created = await admin.createTeamPermissionDefinition({
      id,
      description: 'Publish posts',
      containedPermissionIds: ['$read_members'],
    });
    expect(created.id).toBe(id);
    expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).toContain(id);

    const user = await admin.createUser({
      primaryEmail: `perm-${version}-${Date.now()}@example.com`,
    });
    const team = await admin.createTeam({ displayName: 'Editors', creatorUserId: user.id });
    await user.grantPermission(team, id);
    expect(await user.hasPermission(team, id)).toBe(true);
    expect(await user.hasPermission(team, '$read_members')).toBe(true);
    await admin.deleteTeamPermissionDefinition(id);
    expect(await user.hasPermission(team, id)).toBe(false);
  });

  it('reads metrics', async () => {
    const admin = adminApp();
    // The JS client has no public method for metrics (its React hook uses this call).
    const internals = admin as unknown as {
      _interface: { getMetrics(includeAnonymous?: boolean): Promise<Record<string, unknown>> };
    };
    const metrics = await internals._interface.getMetrics(false);
    expect(metrics.total_users).toBeGreaterThan(0);
    expect(metrics.daily_users).toHaveLength(30);
    expect(metrics.daily_active_users).toHaveLength(30);
    expect(metrics).toHaveProperty('users_by_country');
    expect(metrics).toHaveProperty('recently_registered');
  });

  it('lets an internal-project user create a project and manage it with their session', async () => {
    const internal = clientApp('internal', internalKeys.publishableClientKey);
    await internal.signUpWithCredential({
      email: `owner-${version}-${Date.now()}@example.com`,
      password: 'correct horse battery',
      noVerificationCallback: true,
      noRedirect: true,
    });
    // An internal-project user has createProject and listOwnedProjects (not in the types).
    const owner = (await internal.getUser({ or: 'throw' })) as unknown as {
      createProject(options: { displayName: string }): Promise<{ id: string; displayName: string }>;
      listOwnedProjects(): Promise<{ id: string }[]>;
      getAccessToken(): Promise<string | null>;
    };
    const created = await owner.createProject({ displayName: `Owned by ${version}` });
    expect(created.displayName).toBe(`Owned by ${version}`);
    expect((await owner.listOwnedProjects()).map((p) => p.id)).toContain(created.id);

    const ownerAdmin = new sdk.StackAdminApp({
      baseUrl: ctx.baseUrl,
      projectId: created.id,
      tokenStore: null,
      projectOwnerSession: () => owner.getAccessToken(),
      noAutomaticPrefetch: true,
    });
    const project = await ownerAdmin.getProject();
    await project.update({ description: 'Mine' });
    expect((await ownerAdmin.getProject()).description).toBe('Mine');
    const key = await ownerAdmin.createInternalApiKey({
      description: 'first keys',
      expiresAt: new Date(Date.now() + 86_400_000),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(key.publishableClientKey).toMatch(/^pck_/);
  });
});
