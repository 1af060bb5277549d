import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { updateProjectConfig, type IdentityKeys } from '../../../../test/identity-client.ts';
import type { TestDatabase } from '../../../../test/test-database.ts';

/** Teams, memberships, member profiles and permissions over `/api/v1`, on both tiers. */
let testDb: TestDatabase;
let keys: IdentityKeys;
let api: IdentityApp['api'];
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp({
    projectConfig: {
      client_team_creation_enabled: true,
      project_permission_definitions: [
        { id: 'read_reports', contained_permission_ids: [] },
        { id: 'analyst', contained_permission_ids: ['read_reports'] },
      ],
    },
  });
  ({ testDb, keys, api } = identity);
});
afterAll(() => identity?.close());

const signUp = () => signUpWithPassword(api);

async function createTeam(token: string, displayName = 'Shop staff') {
  const response = await api.call('POST', '/teams', {
    accessToken: token,
    body: { display_name: displayName, creator_user_id: 'me' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; display_name: string }>();
}

const permissionIds = (response: { json: () => unknown }) =>
  (response.json() as { items: { id: string }[] }).items.map((item) => item.id).sort();

describe('teams', () => {
  it('creates a team on the client tier; the creator joins as team_admin and can select it', async () => {
    const owner = await signUp();
    const created = await api.call('POST', '/teams', {
      accessToken: owner.token,
      body: { display_name: '  Corner shop ', profile_image_url: null, client_metadata: { a: 1 } },
    });
    expect(created.statusCode).toBe(201);
    const team = created.json<Record<string, unknown>>();
    expect(team).toEqual({
      id: expect.any(String) as unknown,
      display_name: 'Corner shop',
      profile_image_url: null,
      client_metadata: { a: 1 },
      client_read_only_metadata: null,
    });

    const listed = await api.call('GET', '/teams?user_id=me', { accessToken: owner.token });
    expect(listed.json()).toEqual({ items: [team], is_paginated: false });

    const permissions = await api.call(
      'GET',
      `/team-permissions?team_id=${team.id as string}&user_id=me&recursive=false`,
      { accessToken: owner.token },
    );
    expect(permissionIds(permissions)).toEqual(['team_admin']);
    const recursive = await api.call(
      'GET',
      `/team-permissions?team_id=${team.id as string}&user_id=me`,
      { accessToken: owner.token },
    );
    expect(permissionIds(recursive)).toEqual([
      '$delete_team',
      '$invite_members',
      '$manage_api_keys',
      '$read_members',
      '$remove_members',
      '$update_team',
      'team_admin',
    ]);

    const selected = await api.call('PATCH', '/users/me', {
      accessToken: owner.token,
      body: { selected_team_id: team.id },
    });
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ selected_team_id: team.id, selected_team: team });
    const asServer = await api.call('GET', `/users/${owner.id}`, { tier: 'server' });
    expect(asServer.json()).toMatchObject({
      selected_team: {
        ...team,
        created_at_millis: expect.any(Number) as unknown,
        server_metadata: null,
      },
    });
  });

  it('refuses client team creation when the project does not allow it, and bad bodies', async () => {
    const user = await signUp();
    await updateProjectConfig(testDb.database.db, keys.projectId, {
      client_team_creation_enabled: false,
    });
    try {
      const refused = await api.call('POST', '/teams', {
        accessToken: user.token,
        body: { display_name: 'Not allowed' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Client team creation is disabled');
    } finally {
      await updateProjectConfig(testDb.database.db, keys.projectId, {
        client_team_creation_enabled: true,
      });
    }
    const noName = await api.call('POST', '/teams', { accessToken: user.token, body: {} });
    expectKnownError(noName, 400, 'SCHEMA_ERROR');
    expect(noName.json<{ error: string }>().error).toContain('body.display_name');
    const lineBreak = await api.call('POST', '/teams', {
      accessToken: user.token,
      body: { display_name: 'a\nb' },
    });
    expect(lineBreak.json<{ error: string }>().error).toContain('Team names may not contain');
    // Server-only fields are refused on the client tier.
    const serverField = await api.call('POST', '/teams', {
      accessToken: user.token,
      body: { display_name: 'x', server_metadata: {} },
    });
    expectKnownError(serverField, 400, 'SCHEMA_ERROR');
    // A client creates teams only for itself.
    const other = await signUp();
    const forOther = await api.call('POST', '/teams', {
      accessToken: user.token,
      body: { display_name: 'x', creator_user_id: other.id },
    });
    expect(forOther.statusCode).toBe(403);
    // Without a user there is no one to create for.
    expectKnownError(
      await api.call('POST', '/teams', { body: { display_name: 'x' } }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
  });

  it('creates, lists, reads, updates and deletes teams on the server tier', async () => {
    const creator = await signUp();
    const created = await api.call('POST', '/teams', {
      tier: 'server',
      body: {
        display_name: 'Warehouse',
        creator_user_id: creator.id,
        server_metadata: { plan: 'pro' },
        client_read_only_metadata: { tier: 2 },
      },
    });
    expect(created.statusCode).toBe(201);
    const team = created.json<{ id: string; created_at_millis: number }>();
    expect(team).toMatchObject({
      display_name: 'Warehouse',
      server_metadata: { plan: 'pro' },
      client_read_only_metadata: { tier: 2 },
      created_at_millis: expect.any(Number) as unknown,
    });
    const empty = await api.call('POST', '/teams', {
      tier: 'server',
      body: { display_name: 'Nobody here' },
    });
    expect(empty.statusCode).toBe(201);

    const ofUser = await api.call('GET', `/teams?user_id=${creator.id}`, { tier: 'server' });
    expect(ofUser.json<{ items: { id: string }[] }>().items.map((t) => t.id)).toEqual([team.id]);
    const all = await api.call('GET', '/teams?query=Nobody', { tier: 'server' });
    expect(all.json()).toMatchObject({
      items: [{ display_name: 'Nobody here' }],
      is_paginated: true,
      pagination: { next_cursor: null },
    });

    const updated = await api.call('PATCH', `/teams/${team.id}`, {
      tier: 'server',
      body: { display_name: 'Main warehouse', server_metadata: null },
    });
    expect(updated.json()).toMatchObject({ display_name: 'Main warehouse', server_metadata: null });
    expect((await api.call('GET', `/teams/${team.id}`, { tier: 'server' })).json()).toMatchObject({
      display_name: 'Main warehouse',
    });

    const members = await api.call('GET', `/users?team_id=${team.id}`, { tier: 'server' });
    expect(members.json<{ items: { id: string }[] }>().items.map((u) => u.id)).toEqual([
      creator.id,
    ]);

    expect((await api.call('DELETE', `/teams/${team.id}`, { tier: 'server' })).json()).toEqual({
      success: true,
    });
    expectKnownError(
      await api.call('GET', `/teams/${team.id}`, { tier: 'server' }),
      404,
      'TEAM_NOT_FOUND',
    );
    expectKnownError(
      await api.call('GET', `/users?team_id=${team.id}`, { tier: 'server' }),
      404,
      'TEAM_NOT_FOUND',
    );
  });

  it('keeps a client to its own teams and to what its permissions allow', async () => {
    const owner = await signUp();
    const outsider = await signUp();
    const team = await createTeam(owner.token);

    // Another user's team is not found, whatever is asked of it.
    expectKnownError(
      await api.call('GET', `/teams/${team.id}`, { accessToken: outsider.token }),
      404,
      'TEAM_NOT_FOUND',
    );
    expectKnownError(
      await api.call('PATCH', `/teams/${team.id}`, {
        accessToken: outsider.token,
        body: { display_name: 'Mine now' },
      }),
      404,
      'TEAM_NOT_FOUND',
    );
    expectKnownError(
      await api.call('PATCH', '/users/me', {
        accessToken: outsider.token,
        body: { selected_team_id: team.id },
      }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    const othersTeams = await api.call('GET', `/teams?user_id=${owner.id}`, {
      accessToken: outsider.token,
    });
    expect(othersTeams.statusCode).toBe(403);
    expect((await api.call('GET', '/teams', { accessToken: outsider.token })).statusCode).toBe(400);
    // Server-only routes refuse the client tier.
    expectKnownError(
      await api.call('POST', `/team-memberships/${team.id}/${outsider.id}`, {
        accessToken: owner.token,
        body: {},
      }),
      401,
      'INSUFFICIENT_ACCESS_TYPE',
    );

    // A plain member may read members but not update or delete the team.
    const added = await api.call('POST', `/team-memberships/${team.id}/${outsider.id}`, {
      tier: 'server',
      body: {},
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ team_id: team.id, user_id: outsider.id });
    expectKnownError(
      await api.call('POST', `/team-memberships/${team.id}/${outsider.id}`, {
        tier: 'server',
        body: {},
      }),
      409,
      'TEAM_MEMBERSHIP_ALREADY_EXISTS',
    );
    const memberPermissions = await api.call(
      'GET',
      `/team-permissions?team_id=${team.id}&user_id=me`,
      { accessToken: outsider.token },
    );
    expect(permissionIds(memberPermissions)).toEqual([
      '$invite_members',
      '$read_members',
      'team_member',
    ]);
    expectKnownError(
      await api.call('PATCH', `/teams/${team.id}`, {
        accessToken: outsider.token,
        body: { display_name: 'Renamed' },
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    expectKnownError(
      await api.call('DELETE', `/teams/${team.id}`, { accessToken: outsider.token }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    expectKnownError(
      await api.call('DELETE', `/team-memberships/${team.id}/${owner.id}`, {
        accessToken: outsider.token,
        body: {},
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );

    // The owner (team_admin) may.
    const renamed = await api.call('PATCH', `/teams/${team.id}`, {
      accessToken: owner.token,
      body: { display_name: 'Renamed', client_metadata: { colour: 'red' } },
    });
    expect(renamed.json()).toMatchObject({
      display_name: 'Renamed',
      client_metadata: { colour: 'red' },
    });
    expect(renamed.json()).not.toHaveProperty('server_metadata');

    // A member leaves; the selected team is unselected with it.
    await api.call('PATCH', '/users/me', {
      accessToken: outsider.token,
      body: { selected_team_id: team.id },
    });
    const left = await api.call('DELETE', `/team-memberships/${team.id}/me`, {
      accessToken: outsider.token,
      body: {},
    });
    expect(left.json()).toEqual({ success: true });
    expect(
      (await api.call('GET', '/users/me', { accessToken: outsider.token })).json(),
    ).toMatchObject({ selected_team_id: null, selected_team: null });
    expectKnownError(
      await api.call('DELETE', `/team-memberships/${team.id}/me`, {
        accessToken: outsider.token,
        body: {},
      }),
      404,
      'TEAM_NOT_FOUND',
    );

    expect(
      (await api.call('DELETE', `/teams/${team.id}`, { accessToken: owner.token })).statusCode,
    ).toBe(200);
  });

  it('answers bad ids and missing tokens with the known errors', async () => {
    expectKnownError(
      await api.call('GET', '/teams/not-a-uuid', { tier: 'server' }),
      400,
      'SCHEMA_ERROR',
    );
    expectKnownError(
      await api.call('GET', `/teams/${crypto.randomUUID()}`, { tier: 'server' }),
      404,
      'TEAM_NOT_FOUND',
    );
    expectKnownError(
      await api.call('GET', '/teams?user_id=me'),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );
    const user = await signUp();
    expectKnownError(
      await api.call('POST', `/team-memberships/${crypto.randomUUID()}/${user.id}`, {
        tier: 'server',
        body: {},
      }),
      404,
      'TEAM_NOT_FOUND',
    );
    const team = await createTeam(user.token);
    expectKnownError(
      await api.call('POST', `/team-memberships/${team.id}/${crypto.randomUUID()}`, {
        tier: 'server',
        body: {},
      }),
      404,
      'USER_NOT_FOUND',
    );
    expectKnownError(
      await api.call('GET', '/teams?user_id=me', { accessToken: 'not.a.token' }),
      401,
      'UNPARSABLE_ACCESS_TOKEN',
    );
  });
});

describe('team member profiles', () => {
  it('lists and edits profiles: own always, others with $read_members, server with the user', async () => {
    const owner = await signUp();
    const member = await signUp();
    const outsider = await signUp();
    const team = await createTeam(owner.token);
    await api.call('POST', `/team-memberships/${team.id}/${member.id}`, {
      tier: 'server',
      body: {},
    });

    const renamed = await api.call('PATCH', `/team-member-profiles/${team.id}/me`, {
      accessToken: member.token,
      body: { display_name: 'Sam at the till', profile_image_url: 'https://img.example/sam.png' },
    });
    expect(renamed.json()).toEqual({
      team_id: team.id,
      user_id: member.id,
      display_name: 'Sam at the till',
      profile_image_url: 'https://img.example/sam.png',
    });

    const listed = await api.call('GET', `/team-member-profiles?team_id=${team.id}`, {
      accessToken: owner.token,
    });
    expect(listed.json<{ items: { user_id: string }[] }>().items.map((p) => p.user_id)).toEqual([
      owner.id,
      member.id,
    ]);
    const own = await api.call('GET', `/team-member-profiles/${team.id}/me`, {
      accessToken: member.token,
    });
    expect(own.json()).toMatchObject({ display_name: 'Sam at the till' });

    // Editing someone else's profile, or reading a team one is not in, is refused.
    expect(
      (
        await api.call('PATCH', `/team-member-profiles/${team.id}/${owner.id}`, {
          accessToken: member.token,
          body: { display_name: 'Boss' },
        })
      ).statusCode,
    ).toBe(403);
    expectKnownError(
      await api.call('GET', `/team-member-profiles?team_id=${team.id}`, {
        accessToken: outsider.token,
      }),
      404,
      'TEAM_NOT_FOUND',
    );
    expect(
      (await api.call('GET', '/team-member-profiles', { accessToken: owner.token })).statusCode,
    ).toBe(400);

    // Without $read_members a member sees only their own profile.
    await api.call('DELETE', `/team-permissions/${team.id}/${member.id}/team_member`, {
      tier: 'server',
      body: {},
    });
    expectKnownError(
      await api.call('GET', `/team-member-profiles?team_id=${team.id}`, {
        accessToken: member.token,
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    expect(
      (
        await api.call('GET', `/team-member-profiles?team_id=${team.id}&user_id=me`, {
          accessToken: member.token,
        })
      ).json(),
    ).toMatchObject({ items: [{ user_id: member.id }] });

    const asServer = await api.call('GET', `/team-member-profiles?user_id=${member.id}`, {
      tier: 'server',
    });
    expect(asServer.json()).toMatchObject({
      items: [{ team_id: team.id, user: { id: member.id, primary_email: member.email } }],
    });
    expectKnownError(
      await api.call('PATCH', `/team-member-profiles/${team.id}/${outsider.id}`, {
        tier: 'server',
        body: { display_name: 'x' },
      }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
  });
});

describe('permissions', () => {
  it('grants, lists and revokes team permissions on the server tier', async () => {
    const owner = await signUp();
    const member = await signUp();
    const team = await createTeam(owner.token);
    await api.call('POST', `/team-memberships/${team.id}/${member.id}`, {
      tier: 'server',
      body: {},
    });

    const granted = await api.call(
      'POST',
      `/team-permissions/${team.id}/${member.id}/$manage_api_keys`,
      { tier: 'server', body: {} },
    );
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({
      id: '$manage_api_keys',
      team_id: team.id,
      user_id: member.id,
    });

    const one = await api.call(
      'GET',
      `/team-permissions?team_id=${team.id}&user_id=${member.id}&permission_id=$manage_api_keys`,
      { tier: 'server' },
    );
    expect(one.json()).toEqual({
      items: [{ id: '$manage_api_keys', team_id: team.id, user_id: member.id }],
      is_paginated: false,
    });
    const wholeTeam = await api.call(
      'GET',
      `/team-permissions?team_id=${team.id}&recursive=false`,
      {
        tier: 'server',
      },
    );
    expect(
      wholeTeam
        .json<{ items: { id: string; user_id: string }[] }>()
        .items.map((item) => `${item.user_id === owner.id ? 'owner' : 'member'}:${item.id}`)
        .sort(),
    ).toEqual(['member:$manage_api_keys', 'member:team_member', 'owner:team_admin']);

    expectKnownError(
      await api.call('POST', `/team-permissions/${team.id}/${member.id}/no_such_permission`, {
        tier: 'server',
        body: {},
      }),
      404,
      'PERMISSION_NOT_FOUND',
    );
    expectKnownError(
      await api.call('POST', `/team-permissions/${team.id}/${member.id}/analyst`, {
        tier: 'server',
        body: {},
      }),
      404,
      'WRONG_PERMISSION_SCOPE',
    );
    expectKnownError(
      await api.call('POST', `/team-permissions/${team.id}/${member.id}/Bad-Id`, {
        tier: 'server',
        body: {},
      }),
      400,
      'SCHEMA_ERROR',
    );
    const stranger = await signUp();
    expectKnownError(
      await api.call('POST', `/team-permissions/${team.id}/${stranger.id}/team_member`, {
        tier: 'server',
        body: {},
      }),
      404,
      'TEAM_MEMBERSHIP_NOT_FOUND',
    );
    expectKnownError(
      await api.call('POST', `/team-permissions/${team.id}/${member.id}/team_member`, {
        accessToken: owner.token,
        body: {},
      }),
      401,
      'INSUFFICIENT_ACCESS_TYPE',
    );

    const revoked = await api.call(
      'DELETE',
      `/team-permissions/${team.id}/${member.id}/$manage_api_keys`,
      { tier: 'server', body: {} },
    );
    expect(revoked.json()).toEqual({ success: true });
    expectKnownError(
      await api.call('DELETE', `/team-permissions/${team.id}/${member.id}/$manage_api_keys`, {
        tier: 'server',
        body: {},
      }),
      401,
      'TEAM_PERMISSION_NOT_FOUND',
    );
    // A client lists only its own permissions.
    expect(
      (
        await api.call('GET', `/team-permissions?team_id=${team.id}&user_id=${owner.id}`, {
          accessToken: member.token,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('grants, lists recursively and revokes project permissions', async () => {
    const user = await signUp();
    const granted = await api.call('POST', `/project-permissions/${user.id}/analyst`, {
      tier: 'server',
      body: {},
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({ id: 'analyst', user_id: user.id });

    const mine = await api.call('GET', '/project-permissions?user_id=me', {
      accessToken: user.token,
    });
    expect(permissionIds(mine)).toEqual(['analyst', 'read_reports']);
    const direct = await api.call('GET', '/project-permissions?user_id=me&recursive=false', {
      accessToken: user.token,
    });
    expect(direct.json()).toEqual({
      items: [{ id: 'analyst', user_id: user.id }],
      is_paginated: false,
    });
    expectKnownError(
      await api.call('POST', `/project-permissions/${user.id}/team_admin`, {
        tier: 'server',
        body: {},
      }),
      404,
      'WRONG_PERMISSION_SCOPE',
    );
    expectKnownError(
      await api.call('POST', `/project-permissions/${crypto.randomUUID()}/analyst`, {
        tier: 'server',
        body: {},
      }),
      404,
      'USER_NOT_FOUND',
    );
    expect(
      (await api.call('GET', '/project-permissions', { accessToken: user.token })).statusCode,
    ).toBe(403);
    expect(
      (
        await api.call('DELETE', `/project-permissions/${user.id}/analyst`, {
          tier: 'server',
          body: {},
        })
      ).json(),
    ).toEqual({ success: true });
    expect(
      permissionIds(
        await api.call('GET', `/project-permissions?user_id=${user.id}`, { tier: 'server' }),
      ),
    ).toEqual([]);
  });

  it('gives every new user the project-wide default permissions', async () => {
    await updateProjectConfig(testDb.database.db, keys.projectId, {
      user_default_permissions: [{ id: 'read_reports' }],
    });
    try {
      const user = await signUp();
      expect(
        permissionIds(
          await api.call('GET', '/project-permissions?user_id=me', { accessToken: user.token }),
        ),
      ).toEqual(['read_reports']);
    } finally {
      await updateProjectConfig(testDb.database.db, keys.projectId, {
        user_default_permissions: [],
      });
    }
  });
});
