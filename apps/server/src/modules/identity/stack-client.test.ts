import type { AddressInfo } from 'node:net';
import * as stack2_8_108 from '@stackframe/js';
import * as stack2_8_102 from 'stackframe-js-2-8-102';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  identityKeys,
  updateProjectConfig,
  type IdentityKeys,
} from '../../../test/identity-client.ts';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

/**
 * The published Stack Auth client (@stackframe/js, pinned) against a running ipick: the
 * proof that the identity API is compatible, not just shaped like it. Every flow runs with
 * 2.8.108, which sends `x-hexclave-*` headers, and again with 2.8.102, which sends `x-stack-*`
 * (apps built on the older client are still about).
 */
type Sdk = typeof stack2_8_108;
// Both are driven through 2.8.108's types: every call below exists in both versions, and the
// union of the two declaration sets is too wide for the type checker to resolve.
const sdks: { version: string; headerPrefix: string; sdk: Sdk }[] = [
  { version: '2.8.108', headerPrefix: 'x-hexclave-', sdk: stack2_8_108 },
  { version: '2.8.102', headerPrefix: 'x-stack-', sdk: stack2_8_102 as unknown as Sdk },
];

let testDb: TestDatabase;
let app: FastifyInstance;
let keys: IdentityKeys;
let inbox: SmtpInbox;
let baseUrl: string;
/** Every path the client asked for, in order, seen on the raw HTTP server. */
const requestedPaths: string[] = [];
/** The identity header names of every request, as the raw HTTP server saw them. */
const requestedHeaderNames = new Set<string>();

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  app = await buildTestApp(testDb, { smtpUrl: inbox.url });
  await app.listen({ host: '127.0.0.1', port: 0 });
  app.server.on(
    'request',
    (request: { method?: string; url?: string; headers: Record<string, unknown> }) => {
      requestedPaths.push(`${request.method} ${request.url?.split('?')[0]}`);
      for (const name of Object.keys(request.headers)) {
        if (/^x-(stack|hexclave)-/.test(name)) requestedHeaderNames.add(name);
      }
    },
  );
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  keys = await identityKeys(testDb.database.db, baseUrl);
  await updateProjectConfig(testDb.database.db, keys.projectId, {
    client_team_creation_enabled: true,
    allow_user_api_keys: true,
    allow_team_api_keys: true,
    project_permission_definitions: [{ id: 'read_reports', contained_permission_ids: [] }],
  });
});
afterAll(async () => {
  await app?.close();
  await inbox?.close();
  await testDb?.dispose();
});

function clientAppOf({ StackClientApp }: Sdk) {
  return new StackClientApp({
    baseUrl,
    projectId: keys.projectId,
    publishableClientKey: keys.publishableClientKey,
    tokenStore: 'memory',
    noAutomaticPrefetch: true,
    redirectMethod: 'none',
  });
}

function serverAppOf({ StackServerApp }: Sdk) {
  return new StackServerApp({
    baseUrl,
    projectId: keys.projectId,
    publishableClientKey: keys.publishableClientKey,
    secretServerKey: keys.secretServerKey,
    tokenStore: 'memory',
    noAutomaticPrefetch: true,
    redirectMethod: 'none',
  });
}

describe.each(sdks)('@stackframe/js $version against ipick', ({ sdk, headerPrefix }) => {
  const clientApp = () => clientAppOf(sdk);
  const serverApp = () => serverAppOf(sdk);

  it('speaks to ipick with its own spelling of the identity headers', async () => {
    requestedHeaderNames.clear();
    await clientApp().getUser();
    await serverApp().listUsers({ limit: 1 });
    const names = [...requestedHeaderNames];
    expect(names).toContain(`${headerPrefix}project-id`);
    expect(names).toContain(`${headerPrefix}secret-server-key`);
  });

  it('signs up, reads and renames the user, lists users, refreshes an expired token and signs out', async () => {
    const client = clientApp();
    const email = `sdk-${Date.now()}@example.com`;
    const password = 'sdk password 123';

    const signUp = await client.signUpWithCredential({
      email,
      password,
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(signUp.status).toBe('ok');

    const user = await client.getUser({ or: 'throw' });
    expect(user.primaryEmail).toBe(email);
    expect(user.hasPassword).toBe(true);

    await user.update({ displayName: 'SDK Shopper' });
    expect((await client.getUser({ or: 'throw' })).displayName).toBe('SDK Shopper');

    const users = await serverApp().listUsers();
    expect(users.map((listed) => listed.primaryEmail)).toContain(email);
    const fromServer = await serverApp().getUser(user.id);
    expect(fromServer?.displayName).toBe('SDK Shopper');

    // Eleven minutes on, the 10-minute access token has expired: the client refreshes it
    // through POST /api/v1/auth/oauth/token and carries on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
    try {
      const refreshesBefore = requestedPaths.filter(
        (path) => path === 'POST /api/v1/auth/oauth/token',
      ).length;
      const later = await client.getUser({ or: 'throw' });
      expect(later.displayName).toBe('SDK Shopper');
      const refreshesAfter = requestedPaths.filter(
        (path) => path === 'POST /api/v1/auth/oauth/token',
      ).length;
      expect(refreshesAfter).toBeGreaterThan(refreshesBefore);
    } finally {
      vi.useRealTimers();
    }

    await user.signOut();
    expect(await client.getUser()).toBeNull();

    const wrong = await client.signInWithCredential({
      email,
      password: 'not the password',
      noRedirect: true,
    });
    expect(wrong.status).toBe('error');
    const signIn = await client.signInWithCredential({ email, password, noRedirect: true });
    expect(signIn.status).toBe('ok');
    expect((await client.getUser({ or: 'throw' })).primaryEmail).toBe(email);
  });

  it('reports a taken email as the known error the client understands', async () => {
    const email = `sdk-taken-${Date.now()}@example.com`;
    const first = clientApp();
    await first.signUpWithCredential({
      email,
      password: 'sdk password 123',
      noVerificationCallback: true,
      noRedirect: true,
    });
    const second = await clientApp().signUpWithCredential({
      email,
      password: 'sdk password 123',
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(second.status).toBe('error');
    if (second.status === 'error') expect(second.error.errorCode).toBe('USER_EMAIL_ALREADY_EXISTS');
  });

  it('creates a team, invites a colleague by mail who accepts, adds and removes a member, edits profiles, grants, checks and revokes permissions, leaves and deletes', async () => {
    const owner = clientApp();
    await owner.signUpWithCredential({
      email: `sdk-owner-${Date.now()}@example.com`,
      password: 'sdk password 123',
      noVerificationCallback: true,
      noRedirect: true,
    });
    const ownerUser = await owner.getUser({ or: 'throw' });
    const team = await ownerUser.createTeam({ displayName: 'SDK shop' });
    expect(team.displayName).toBe('SDK shop');
    // createTeam selects the new team.
    expect((await owner.getUser({ or: 'throw' })).selectedTeam?.id).toBe(team.id);
    expect((await ownerUser.listTeams()).map((listed) => listed.id)).toEqual([team.id]);
    expect(await ownerUser.hasPermission(team, '$update_team')).toBe(true);
    await team.update({ displayName: 'SDK shop, renamed' });
    expect((await ownerUser.getTeam(team.id))?.displayName).toBe('SDK shop, renamed');

    // The owner invites a colleague by mail; the colleague checks the code and accepts.
    const colleagueEmail = `sdk-colleague-${Date.now()}@example.com`;
    await team.inviteUser({
      email: colleagueEmail,
      callbackUrl: `${baseUrl}/handler/team-invitation`,
    });
    expect((await team.listInvitations()).map((sent) => sent.recipientEmail)).toEqual([
      colleagueEmail,
    ]);
    const code = extractLink(
      (await inbox.waitForMail(colleagueEmail)).text,
      '/handler/team-invitation',
    ).searchParams.get('code')!;
    const colleague = clientApp();
    await colleague.signUpWithCredential({
      email: colleagueEmail,
      password: 'sdk password 123',
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect((await colleague.verifyTeamInvitationCode(code)).status).toBe('ok');
    const details = await colleague.getTeamInvitationDetails(code);
    expect(details.status === 'ok' && details.data.teamDisplayName).toBe('SDK shop, renamed');
    expect((await colleague.acceptTeamInvitation(code)).status).toBe('ok');
    const colleagueUser = await colleague.getUser({ or: 'throw' });
    const server = serverApp();
    const serverTeam = await server.getTeam(team.id);
    expect((await serverTeam!.listUsers()).map((member) => member.id).sort()).toEqual(
      [ownerUser.id, colleagueUser.id].sort(),
    );

    // The server adds and removes members directly.
    const helper = await server.createUser({
      primaryEmail: `sdk-helper-${Date.now()}@example.com`,
    });
    await serverTeam!.addUser(helper.id);
    expect((await serverTeam!.listUsers()).length).toBe(3);
    await serverTeam!.removeUser(helper.id);
    expect((await serverTeam!.listUsers()).length).toBe(2);

    const colleagueTeam = (await colleagueUser.listTeams())[0]!;
    const profile = await colleagueUser.getTeamProfile(colleagueTeam);
    await profile.update({ displayName: 'Till 2' });
    const members = await colleagueTeam.listUsers();
    expect(members.find((member) => member.id === colleagueUser.id)?.teamProfile.displayName).toBe(
      'Till 2',
    );

    // Team permissions: a member holds team_member, not $manage_api_keys until granted.
    expect(await colleagueUser.hasPermission(colleagueTeam, '$read_members')).toBe(true);
    expect(await colleagueUser.hasPermission(colleagueTeam, '$manage_api_keys')).toBe(false);
    const serverColleague = (await server.getUser(colleagueUser.id))!;
    await serverColleague.grantPermission(serverTeam!, '$manage_api_keys');
    expect(await serverColleague.hasPermission(serverTeam!, '$manage_api_keys')).toBe(true);
    await serverColleague.revokePermission(serverTeam!, '$manage_api_keys');
    expect(await serverColleague.hasPermission(serverTeam!, '$manage_api_keys')).toBe(false);

    // Project permissions.
    await serverColleague.grantPermission('read_reports');
    expect(await colleagueUser.hasPermission('read_reports')).toBe(true);
    await serverColleague.revokePermission('read_reports');
    expect(await serverColleague.hasPermission('read_reports')).toBe(false);

    // The colleague leaves; the owner deletes the team.
    await colleagueUser.leaveTeam(colleagueTeam);
    expect(await colleagueUser.listTeams()).toEqual([]);
    await team.delete();
    expect(await server.getTeam(team.id)).toBeNull();
  });

  it('adds a second email, verifies it by mail and makes it primary', async () => {
    const client = clientApp();
    await client.signUpWithCredential({
      email: `sdk-emails-${Date.now()}@example.com`,
      password: 'sdk password 123',
      noVerificationCallback: true,
      noRedirect: true,
    });
    const user = await client.getUser({ or: 'throw' });
    const second = `sdk-second-${Date.now()}@example.com`;
    const channel = await user.createContactChannel({
      type: 'email',
      value: second,
      usedForAuth: true,
    });
    expect((await user.listContactChannels()).map((listed) => listed.value)).toContain(second);
    await channel.sendVerificationEmail({ callbackUrl: `${baseUrl}/handler/email-verification` });
    const code = extractLink(
      (await inbox.waitForMail(second)).text,
      '/handler/email-verification',
    ).searchParams.get('code')!;
    expect((await client.verifyEmail(code)).status).toBe('ok');
    await channel.update({ isPrimary: true });
    const updated = await client.getUser({ or: 'throw' });
    expect(updated.primaryEmail).toBe(second);
    expect(updated.primaryEmailVerified).toBe(true);
  });

  it('creates, checks and revokes user and team API keys', async () => {
    const client = clientApp();
    await client.signUpWithCredential({
      email: `sdk-keys-${Date.now()}@example.com`,
      password: 'sdk password 123',
      noVerificationCallback: true,
      noRedirect: true,
    });
    const user = await client.getUser({ or: 'throw' });
    const userKey = await user.createApiKey({
      description: 'price feed',
      expiresAt: null,
    });
    const secret = userKey.value;
    expect((await user.listApiKeys()).map((listed) => listed.id)).toEqual([userKey.id]);
    const server = serverApp();
    expect((await server.getUser({ apiKey: secret }))?.id).toBe(user.id);
    await userKey.revoke();
    expect(await server.getUser({ apiKey: secret })).toBeNull();

    const team = await user.createTeam({ displayName: 'SDK key team' });
    const teamKey = await team.createApiKey({ description: 'shop', expiresAt: null });
    expect((await team.listApiKeys()).map((listed) => listed.id)).toEqual([teamKey.id]);
    expect((await server.getTeam({ apiKey: teamKey.value }))?.id).toBe(team.id);
  });

  it('signs up anonymously, then upgrades in place with a password', async () => {
    const client = clientApp();
    const anonymous = await client.getUser({ or: 'anonymous' });
    expect(anonymous.isAnonymous).toBe(true);
    const email = `sdk-anonymous-${Date.now()}@example.com`;
    const result = await client.signUpWithCredential({
      email,
      password: 'sdk password 123',
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(result.status).toBe('ok');
    const upgraded = await client.getUser({ or: 'throw' });
    expect(upgraded.id).toBe(anonymous.id);
    expect(upgraded.isAnonymous).toBe(false);
    expect(upgraded.primaryEmail).toBe(email);
  });
});
