import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '../identity.ts';
import { identityRoutes } from '../routes.ts';
import { IdentityRepository } from '../core/identity-repository.ts';
import { Projects } from '../core/projects.ts';
import { identityClient, updateProjectConfig } from '../../../../test/identity-client.ts';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { ADMIN_TIER_ROUTES } from './routes.ts';

let ctx: IdentityApp;
let internalApi: ReturnType<typeof identityClient>;
/** A signed-in user of the internal project who owns a project of their own, not ipick's. */
let owner: { id: string; token: string };
let ownedProjectId: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the identity API on the admin tier of a project, with a key or an owner's token. */
function adminCall(
  method: Method,
  path: string,
  options: { body?: unknown; key?: string; ownerToken?: string; projectId?: string } = {},
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: {
      'x-stack-project-id': options.projectId ?? ctx.keys.projectId,
      'x-stack-access-type': 'admin',
      ...(options.ownerToken
        ? { 'x-stack-admin-access-token': options.ownerToken }
        : { 'x-stack-super-secret-admin-key': options.key ?? ctx.keys.superSecretAdminKey }),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

beforeAll(async () => {
  ctx = await startIdentityApp();
  const projects = new Projects(new IdentityRepository(ctx.testDb.database.db), ctx.baseUrl);
  const internal = await projects.ensureInternalProject();
  const internalKeys = await projects.ensureKeys(internal.id);
  internalApi = identityClient(ctx.app, { ...internalKeys, projectId: 'internal' });
  owner = await signUpWithPassword(internalApi);
  const created = await internalApi.call('POST', '/internal/projects', {
    accessToken: owner.token,
    body: { display_name: 'Side project' },
  });
  expect(created.statusCode, created.body).toBe(201);
  ownedProjectId = created.json<{ id: string }>().id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** Stack Auth's admin-only paths (stack-auth.md §3): `/internal/...` but the project list. */
const isAdminOnly = (url: string) =>
  (url.startsWith('/internal/') && url !== '/internal/projects') ||
  /^\/(team|project)-permission-definitions/.test(url) ||
  url === '/emails/render-email' ||
  url === '/webhooks/svix-token';

/** Every route the identity API registers (whoever added it), as method and path. */
async function identityRouteList() {
  const bare = Fastify();
  const routes: { method: string; url: string }[] = [];
  bare.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    }
  });
  const identity = createIdentity({
    db: ctx.testDb.database.db,
    publicUrl: ctx.baseUrl,
    sendMail: () => Promise.resolve(),
    onBackgroundError: () => {},
  });
  await bare.register(identityRoutes, { identity });
  await bare.ready();
  await bare.close();
  return routes;
}

describe('who reaches the admin tier', () => {
  it('every admin route refuses client and server keys, a revoked admin key and another project owner', async () => {
    const created = await adminCall('POST', '/internal/api-keys', {
      body: {
        description: 'soon revoked',
        expires_at_millis: Date.now() + 86_400_000,
        has_publishable_client_key: false,
        has_secret_server_key: false,
        has_super_secret_admin_key: true,
      },
    });
    const revokedKey = created.json<{ id: string; super_secret_admin_key: string }>();
    const revoke = await adminCall('PATCH', `/internal/api-keys/${revokedKey.id}`, {
      body: { revoked: true },
    });
    expect(revoke.statusCode).toBe(200);

    // Every admin-only route registered, this folder's and any other's.
    const adminRoutes = (await identityRouteList()).filter((route) => isAdminOnly(route.url));
    for (const own of ADMIN_TIER_ROUTES) expect(adminRoutes).toContainEqual(own);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(ADMIN_TIER_ROUTES.length);
    for (const route of adminRoutes) {
      const path = route.url
        .replace(/:[a-zA-Z]*[iI]d\b/g, revokedKey.id)
        .replace(':level', 'environment')
        .replace(':permissionId', 'team_member');
      const method = route.method as Method;
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const label = `${route.method} ${route.url}`;
      for (const tier of ['client', 'server'] as const) {
        const response = await ctx.api.call(method, path, { tier, body });
        expect(response.statusCode, `${label} (${tier})`).toBe(401);
        expect(response.json(), label).toMatchObject({
          code: 'INSUFFICIENT_ACCESS_TYPE',
          details: { actual_access_type: tier, allowed_access_types: ['admin'] },
        });
      }
      const revoked = await adminCall(method, path, {
        key: revokedKey.super_secret_admin_key,
        body,
      });
      expect(revoked.json<{ code: string }>().code, label).toBe('INVALID_SUPER_SECRET_ADMIN_KEY');
      const otherOwner = await adminCall(method, path, { ownerToken: owner.token, body });
      expect(otherOwner.json<{ code: string }>().code, label).toBe(
        'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN',
      );
    }
  }, 120_000);

  it("lets a project's owner in with their session, and refuses a token that is not one", async () => {
    const own = await adminCall('GET', '/internal/projects/current', {
      projectId: ownedProjectId,
      ownerToken: owner.token,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: ownedProjectId, display_name: 'Side project' });

    const garbage = await adminCall('GET', '/internal/projects/current', {
      projectId: ownedProjectId,
      ownerToken: 'not-a-token',
    });
    expectKnownError(garbage, 401, 'UNPARSABLE_ADMIN_ACCESS_TOKEN');

    // A user of ipick's own project is no owner of anything.
    const shopper = await signUpWithPassword(ctx.api);
    const wrongProject = await adminCall('GET', '/internal/projects/current', {
      projectId: ownedProjectId,
      ownerToken: shopper.token,
    });
    expectKnownError(wrongProject, 401, 'INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN');

    const noKey = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/internal/projects/current',
      headers: { 'x-stack-project-id': ctx.keys.projectId, 'x-stack-access-type': 'admin' },
    });
    expectKnownError(noKey, 401, 'ADMIN_AUTHENTICATION_REQUIRED');
  });

  it('lists and creates projects only on the internal project (spec §5)', async () => {
    const shopper = await signUpWithPassword(ctx.api);
    const refused = await ctx.api.call('GET', '/internal/projects', { accessToken: shopper.token });
    expectKnownError(refused, 401, 'EXPECTED_INTERNAL_PROJECT');
    expect(refused.json<{ error: string }>().error).toBe(
      'The project ID is expected to be internal.',
    );
    const create = await ctx.api.call('POST', '/internal/projects', {
      accessToken: shopper.token,
      body: { display_name: 'Nope' },
    });
    expectKnownError(create, 401, 'EXPECTED_INTERNAL_PROJECT');

    const signedOut = await internalApi.call('GET', '/internal/projects');
    expectKnownError(signedOut, 401, 'USER_AUTHENTICATION_REQUIRED');

    const list = await internalApi.call('GET', '/internal/projects', { accessToken: owner.token });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: { id: string }[] }>().items.map((p) => p.id)).toEqual([
      ownedProjectId,
    ]);
    const other = await signUpWithPassword(internalApi);
    const none = await internalApi.call('GET', '/internal/projects', { accessToken: other.token });
    expect(none.json()).toEqual({ items: [], is_paginated: false });
  });
});

describe('projects', () => {
  it('reads, updates and deletes the current project; ipick and the internal project stay', async () => {
    const read = await adminCall('GET', '/internal/projects/current');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: ctx.keys.projectId,
      display_name: 'ipick',
      is_production_mode: false,
      config: { sign_up_enabled: true, allow_localhost: true, email_config: { type: 'shared' } },
    });

    const updated = await adminCall('PATCH', '/internal/projects/current', {
      body: {
        description: 'Price comparison',
        config: {
          client_team_creation_enabled: true,
          email_config: {
            type: 'standard',
            host: 'smtp.example.com',
            port: 587,
            username: 'mailer',
            password: 'secret',
            sender_name: 'ipick',
            sender_email: 'noreply@example.com',
          },
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      description: 'Price comparison',
      config: {
        client_team_creation_enabled: true,
        email_config: { type: 'standard', host: 'smtp.example.com', port: 587 },
      },
    });
    await adminCall('PATCH', '/internal/projects/current', {
      body: { config: { client_team_creation_enabled: false, email_config: { type: 'shared' } } },
    });

    const badDomain = await adminCall('PATCH', '/internal/projects/current', {
      body: { config: { domains: [{ domain: 'not a url', handler_path: '/handler' }] } },
    });
    expectKnownError(badDomain, 400, 'SCHEMA_ERROR');
    expect(badDomain.json<{ error: string }>().error).toContain('body.config.domains.0.domain');

    const ownDelete = await adminCall('DELETE', '/internal/projects/current');
    expect(ownDelete.statusCode).toBe(400);
    expect(ownDelete.body).toContain("ipick's own project cannot be deleted");

    const doomed = await internalApi.call('POST', '/internal/projects', {
      accessToken: owner.token,
      body: { display_name: 'Short-lived' },
    });
    const doomedId = doomed.json<{ id: string }>().id;
    const deleted = await adminCall('DELETE', '/internal/projects/current', {
      projectId: doomedId,
      ownerToken: owner.token,
    });
    expect(deleted.json()).toEqual({ success: true });
    const gone = await adminCall('GET', '/internal/projects/current', {
      projectId: doomedId,
      ownerToken: owner.token,
    });
    expectKnownError(gone, 400, 'CURRENT_PROJECT_NOT_FOUND');
  });
});

describe('API keys', () => {
  it('names an end date past what a date can hold, instead of failing on it', async () => {
    const created = await adminCall('POST', '/internal/api-keys', {
      body: {
        description: 'far future',
        expires_at_millis: 9_000_000_000_000_000,
        has_publishable_client_key: true,
        has_secret_server_key: false,
        has_super_secret_admin_key: false,
      },
    });
    expectKnownError(created, 400, 'SCHEMA_ERROR');
    expect(created.json<{ error: string }>().error).toContain('body.expires_at_millis');
  });

  it('shows a new key once, stores only its hash, and stops honouring it once revoked', async () => {
    const created = await adminCall('POST', '/internal/api-keys', {
      body: {
        description: 'backend',
        expires_at_millis: Date.now() + 86_400_000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: false,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json<{
      id: string;
      publishable_client_key: string;
      secret_server_key: string;
      super_secret_admin_key?: string;
    }>();
    expect(key.publishable_client_key).toMatch(/^pck_/);
    expect(key.secret_server_key).toMatch(/^ssk_/);
    expect(key.super_secret_admin_key).toBeUndefined();

    const row = await ctx.testDb.database.db
      .selectFrom('identity_api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_server_key).toBeNull();
    expect(row.publishable_client_key).toBeNull();
    expect(JSON.stringify(row)).not.toContain(key.secret_server_key.slice(4));

    const listed = await adminCall('GET', '/internal/api-keys');
    const item = listed
      .json<{ items: Record<string, unknown>[] }>()
      .items.find((k) => k.id === key.id);
    expect(item).toMatchObject({
      description: 'backend',
      secret_server_key: { last_four: key.secret_server_key.slice(-4) },
      publishable_client_key: { last_four: key.publishable_client_key.slice(-4) },
    });
    expect(JSON.stringify(listed.json())).not.toContain(key.secret_server_key);

    const server = identityClient(ctx.app, {
      ...ctx.keys,
      publishableClientKey: key.publishable_client_key,
      secretServerKey: key.secret_server_key,
    });
    expect((await server.call('GET', '/users', { tier: 'server' })).statusCode).toBe(200);

    const revoked = await adminCall('PATCH', `/internal/api-keys/${key.id}`, {
      body: { revoked: true },
    });
    expect(
      revoked.json<{ manually_revoked_at_millis: number }>().manually_revoked_at_millis,
    ).toBeTypeOf('number');
    expectKnownError(
      await server.call('GET', '/users', { tier: 'server' }),
      401,
      'INVALID_SECRET_SERVER_KEY',
    );

    const unknown = await adminCall(
      'PATCH',
      '/internal/api-keys/00000000-0000-4000-8000-000000000000',
      {
        body: { revoked: true },
      },
    );
    expectKnownError(unknown, 404, 'API_KEY_NOT_FOUND');
    const none = await adminCall('POST', '/internal/api-keys', {
      body: {
        description: 'empty',
        expires_at_millis: Date.now() + 1000,
        has_publishable_client_key: false,
        has_secret_server_key: false,
        has_super_secret_admin_key: false,
      },
    });
    expectKnownError(none, 400, 'SCHEMA_ERROR');
  });
});

describe('config', () => {
  const override = (value: unknown) =>
    adminCall('PATCH', '/internal/config/override/environment', {
      body: { config_override_string: JSON.stringify(value) },
    });

  it('renders the whole config and switches client team creation from refused to allowed', async () => {
    const user = await signUpWithPassword(ctx.api);
    const before = await ctx.api.call('POST', '/teams', {
      accessToken: user.token,
      body: { display_name: 'Mine', creator_user_id: 'me' },
    });
    expect(before.statusCode).toBe(403);

    expect((await override({ 'teams.allowClientTeamCreation': true })).json()).toEqual({
      success: true,
    });
    const after = await ctx.api.call('POST', '/teams', {
      accessToken: user.token,
      body: { display_name: 'Mine', creator_user_id: 'me' },
    });
    expect(after.statusCode, after.body).toBe(201);

    const config = JSON.parse(
      (await adminCall('GET', '/internal/config')).json<{ config_string: string }>().config_string,
    ) as Record<string, unknown>;
    expect(config).toMatchObject({
      teams: { allowClientTeamCreation: true },
      auth: { allowSignUp: true, password: { allowSignIn: true } },
      domains: { allowLocalhost: true },
      emails: { server: { isShared: true } },
      rbac: { defaultPermissions: { teamCreator: { team_admin: true } } },
    });
    await override({ teams: { allowClientTeamCreation: false } });
    const project = await adminCall('GET', '/internal/projects/current');
    expect(project.json()).toMatchObject({ config: { client_team_creation_enabled: false } });
  });

  it('keeps every one of several overrides made at the same moment', async () => {
    const ids = ['one', 'two', 'three', 'four', 'five'];
    const answers = await Promise.all(
      ids.map((id) =>
        override({ [`domains.trustedDomains.same-${id}`]: { baseUrl: `https://${id}.example` } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 200));
    const project = await adminCall('GET', '/internal/projects/current');
    const domains = project.json<{ config: { domains: { domain: string }[] } }>().config.domains;
    for (const id of ids)
      expect(domains).toContainEqual(expect.objectContaining({ domain: `https://${id}.example` }));
    await override(
      Object.fromEntries(ids.map((id) => [`domains.trustedDomains.same-${id}`, null])),
    );
  });

  it('names the bad key and why', async () => {
    const unknown = await override({ 'auth.nope': true });
    expectKnownError(unknown, 400, 'SCHEMA_ERROR');
    expect(unknown.json<{ error: string }>().error).toBe(
      'config_override_string: auth.nope: is not a config key ipick knows',
    );
    const wrongType = await override({ 'auth.allowSignUp': 'yes' });
    expect(wrongType.json<{ error: string }>().error).toMatch(
      /^config_override_string: auth\.allowSignUp: .*boolean/,
    );
    const badUrl = await override({ 'domains.trustedDomains.shop': { baseUrl: 'ftp://x' } });
    expect(badUrl.json<{ error: string }>().error).toBe(
      'config_override_string: domains.trustedDomains.shop.baseUrl: must be an http(s) URL such as https://example.com',
    );
    const smtp = await override({ 'emails.server': { isShared: false, host: 'smtp.example.com' } });
    expect(smtp.json<{ error: string }>().error).toBe(
      'config_override_string: emails.server: an SMTP server (isShared: false) needs port, username, password, senderName, senderEmail',
    );
    const notJson = await adminCall('PATCH', '/internal/config/override', {
      body: { config_override_string: '{' },
    });
    expect(notJson.json<{ error: string }>().error).toMatch(
      /^config_override_string: is not valid JSON/,
    );
  });

  it('turns each sign-in method off with its §8 error, and back on', async () => {
    const user = await signUpWithPassword(ctx.api);
    await override({
      'auth.allowSignUp': false,
      'auth.password.allowSignIn': false,
      'auth.passkey.allowSignIn': false,
      'auth.anonymous.allowSignIn': false,
      'auth.otp.allowSignIn': false,
    });
    try {
      // Stack Auth's clients have no code of their own for sign-in codes being off.
      expectKnownError(
        await ctx.api.call('POST', '/auth/otp/send-sign-in-code', {
          body: {
            email: user.email,
            callback_url: 'http://localhost:3000/handler/magic-link-callback',
          },
        }),
        400,
        'PASSWORD_AUTHENTICATION_NOT_ENABLED',
      );
      expectKnownError(
        await ctx.api.call('POST', '/auth/password/sign-in', {
          body: { email: user.email, password: user.password },
        }),
        400,
        'PASSWORD_AUTHENTICATION_NOT_ENABLED',
      );
      expectKnownError(
        await ctx.api.call('POST', '/auth/password/sign-up', {
          body: { email: 'late@example.com', password: 'correct horse battery' },
        }),
        400,
        'SIGN_UP_NOT_ENABLED',
      );
      expectKnownError(
        await ctx.api.call('POST', '/auth/passkey/initiate-passkey-authentication', { body: {} }),
        400,
        'PASSKEY_AUTHENTICATION_NOT_ENABLED',
      );
      expectKnownError(
        await ctx.api.call('POST', '/auth/anonymous/sign-up', { body: {} }),
        400,
        'ANONYMOUS_ACCOUNTS_NOT_ENABLED',
      );
    } finally {
      await override({
        'auth.allowSignUp': true,
        'auth.password.allowSignIn': true,
        'auth.passkey.allowSignIn': true,
        'auth.anonymous.allowSignIn': true,
        'auth.otp.allowSignIn': true,
      });
    }
    const back = await ctx.api.call('POST', '/auth/password/sign-in', {
      body: { email: user.email, password: user.password },
    });
    expect(back.statusCode).toBe(200);
  });

  it('sets trusted domains, OAuth providers, API key switches and default permissions', async () => {
    expect(
      (
        await override({
          'domains.trustedDomains.shop': { baseUrl: 'https://shop.example.com' },
          'auth.oauth.providers.github': {
            type: 'github',
            isShared: false,
            clientId: 'id',
            clientSecret: 's',
          },
          'apiKeys.enabled.team': true,
          'rbac.defaultPermissions.signUp': {},
        })
      ).statusCode,
    ).toBe(200);
    const project = (await adminCall('GET', '/internal/projects/current')).json<{
      config: Record<string, unknown>;
    }>();
    expect(project.config).toMatchObject({
      allow_team_api_keys: true,
      oauth_providers: [{ id: 'github', type: 'standard', client_id: 'id', client_secret: 's' }],
      user_default_permissions: [],
    });
    expect(project.config.domains).toContainEqual({
      domain: 'https://shop.example.com',
      handler_path: '/handler',
    });
    const missing = await override({ 'rbac.defaultPermissions.teamMember.ghost': true });
    expect(missing.json<{ error: string }>().error).toBe(
      'config_override_string: rbac.defaultPermissions.teamMember.ghost: there is no team permission "ghost"',
    );
    await override({
      'domains.trustedDomains.shop': null,
      'auth.oauth.providers.github': null,
      'apiKeys.enabled.team': false,
    });
  });
});

describe('production mode (spec §5)', () => {
  const fix = () => `/projects/${ctx.keys.projectId}/domains`;
  const turnOn = () =>
    adminCall('PATCH', '/internal/projects/current', { body: { is_production_mode: true } });
  const setDomains = (allowLocalhost: boolean, domains: string[]) =>
    updateProjectConfig(ctx.testDb.database.db, ctx.keys.projectId, {
      allow_localhost: allowLocalhost,
      domains: domains.map((domain) => ({ domain, handler_path: '/handler' })),
    });

  async function expectRefusal(message: string) {
    const response = await turnOn();
    expectKnownError(response, 400, 'SCHEMA_ERROR');
    const body = response.json<{
      error: string;
      details: { production_mode_errors: { message: string; relative_fix_url: string }[] };
    }>();
    expect(body.details.production_mode_errors).toEqual([{ message, relative_fix_url: fix() }]);
    expect(body.error).toContain(`- ${message} (fix at ${fix()})`);
    const project = await adminCall('GET', '/internal/projects/current');
    expect(project.json()).toMatchObject({ is_production_mode: false });
  }

  it('refuses while localhost is allowed', async () => {
    await setDomains(true, ['https://ipick.example']);
    await expectRefusal(
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    );
  });

  it('refuses a trusted domain that is not a valid URL', async () => {
    await setDomains(false, ['ipick dot example']);
    await expectRefusal('Trusted domain is not a valid URL: ipick dot example');
  });

  it('refuses a localhost trusted domain', async () => {
    await setDomains(false, ['http://localhost:3000']);
    await expectRefusal(
      'Localhost domains are not allowed to be trusted in production mode: http://localhost:3000',
    );
  });

  it('refuses a direct IP', async () => {
    await setDomains(false, ['https://203.0.113.7']);
    await expectRefusal(
      'Direct IPs are not valid for trusted domains in production mode: https://203.0.113.7',
    );
  });

  it('refuses a domain that is not HTTPS', async () => {
    await setDomains(false, ['http://ipick.example']);
    await expectRefusal('Trusted domains should be HTTPS: http://ipick.example');
  });

  it('lists every problem, and switches on once they are fixed in the same request', async () => {
    await setDomains(true, ['http://ipick.example', 'https://ipick.example']);
    const checklist = await adminCall('GET', '/internal/production-mode-errors');
    expect(checklist.json<{ items: unknown[] }>().items).toHaveLength(2);
    const on = await adminCall('PATCH', '/internal/projects/current', {
      body: {
        is_production_mode: true,
        config: {
          allow_localhost: false,
          domains: [{ domain: 'https://ipick.example', handler_path: '/handler' }],
        },
      },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ is_production_mode: true });
    await adminCall('PATCH', '/internal/projects/current', {
      body: { is_production_mode: false, config: { allow_localhost: true } },
    });
  });
});

describe('permission definitions', () => {
  it('creates, lists, renames and deletes definitions; grants follow; a cycle is refused', async () => {
    const created = await adminCall('POST', '/team-permission-definitions', {
      body: {
        id: 'moderate',
        description: 'Moderate posts',
        contained_permission_ids: ['$read_members'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: 'moderate',
      description: 'Moderate posts',
      contained_permission_ids: ['$read_members'],
    });
    const again = await adminCall('POST', '/team-permission-definitions', {
      body: { id: 'moderate' },
    });
    expectKnownError(again, 400, 'PERMISSION_ID_ALREADY_EXISTS');
    const badChild = await adminCall('POST', '/team-permission-definitions', {
      body: { id: 'x', contained_permission_ids: ['ghost'] },
    });
    expectKnownError(badChild, 400, 'CONTAINED_PERMISSION_NOT_FOUND');

    const outer = await adminCall('POST', '/team-permission-definitions', {
      body: { id: 'editor', contained_permission_ids: ['moderate'] },
    });
    expect(outer.statusCode).toBe(201);
    const cycle = await adminCall('PATCH', '/team-permission-definitions/moderate', {
      body: { contained_permission_ids: ['editor'] },
    });
    expectKnownError(cycle, 400, 'SCHEMA_ERROR');
    expect(cycle.json<{ error: string }>().error).toContain('moderate -> editor -> moderate');

    // Grant it to a team member on the server tier, then rename and delete it.
    const user = await signUpWithPassword(ctx.api);
    const team = await ctx.api.call('POST', '/teams', {
      tier: 'server',
      body: { display_name: 'Mods', creator_user_id: user.id },
    });
    const teamId = team.json<{ id: string }>().id;
    const grant = await ctx.api.call('POST', `/team-permissions/${teamId}/${user.id}/editor`, {
      tier: 'server',
      body: {},
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const held = async () =>
      (
        await ctx.api.call(
          'GET',
          `/team-permissions?team_id=${teamId}&user_id=${user.id}&recursive=true`,
          {
            tier: 'server',
          },
        )
      )
        .json<{ items: { id: string }[] }>()
        .items.map((p) => p.id);
    expect(await held()).toEqual(expect.arrayContaining(['editor', 'moderate', '$read_members']));

    const renamed = await adminCall('PATCH', '/team-permission-definitions/editor', {
      body: { id: 'chief_editor', description: 'Edits everything' },
    });
    expect(renamed.json()).toEqual({
      id: 'chief_editor',
      description: 'Edits everything',
      contained_permission_ids: ['moderate'],
    });
    expect(await held()).toContain('chief_editor');
    expect((await adminCall('DELETE', '/team-permission-definitions/chief_editor')).json()).toEqual(
      {
        success: true,
      },
    );
    expect(await held()).not.toContain('chief_editor');
    const list = await adminCall('GET', '/team-permission-definitions');
    const ids = list.json<{ items: { id: string }[] }>().items.map((d) => d.id);
    expect(ids).toEqual(
      expect.arrayContaining(['team_admin', 'team_member', 'moderate', '$update_team']),
    );
    expect(ids).not.toContain('chief_editor');

    const project = await adminCall('POST', '/project-permission-definitions', {
      body: { id: 'read_reports' },
    });
    expect(project.statusCode).toBe(201);
    const system = await adminCall('DELETE', '/team-permission-definitions/$update_team');
    expectKnownError(system, 400, 'SCHEMA_ERROR');
    const missing = await adminCall('DELETE', '/project-permission-definitions/ghost');
    expectKnownError(missing, 404, 'PERMISSION_NOT_FOUND');
  });
});

describe('metrics', () => {
  it('counts users, daily sign-ups and active users over 30 days, and users by country', async () => {
    const user = await signUpWithPassword(ctx.api);
    await ctx.api.call('PATCH', `/users/${user.id}`, {
      tier: 'server',
      body: { country_code: 'DE' },
    });
    const response = await adminCall('GET', '/internal/metrics');
    expect(response.statusCode, response.body).toBe(200);
    const metrics = response.json<{
      total_users: number;
      daily_users: { date: string; activity: number }[];
      daily_active_users: { date: string; activity: number }[];
      users_by_country: Record<string, number>;
      recently_registered: { id: string }[];
      recently_active: { id: string }[];
    }>();
    const total = await ctx.testDb.database.db
      .selectFrom('identity_users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', ctx.keys.projectId)
      .where('is_anonymous', '=', false)
      .executeTakeFirstOrThrow();
    expect(metrics.total_users).toBe(Number(total.n));
    expect(metrics.daily_users).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(metrics.daily_users.at(-1)).toEqual({ date: today, activity: metrics.total_users });
    expect(metrics.daily_active_users.at(-1)!.activity).toBe(metrics.total_users);
    expect(metrics.daily_users[0]!.activity).toBe(0);
    expect(metrics.users_by_country).toEqual({ DE: 1 });
    expect(metrics.recently_registered[0]!.id).toBe(user.id);
    expect(metrics.recently_active.length).toBeGreaterThan(0);
  });
});
