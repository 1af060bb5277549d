import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { extractLink, type SmtpInbox } from '../../../../test/smtp-inbox.ts';

/** Team invitations over `/api/v1`, mailed over SMTP, on both tiers. */
let inbox: SmtpInbox;
let api: IdentityApp['api'];
let identity: IdentityApp;

beforeAll(async () => {
  identity = await startIdentityApp({
    smtp: true,
    projectConfig: { client_team_creation_enabled: true },
  });
  ({ api } = identity);
  inbox = identity.inbox!;
});
afterAll(() => identity?.close());

const signUp = () => signUpWithPassword(api);

async function createTeam(token: string) {
  const response = await api.call('POST', '/teams', {
    accessToken: token,
    body: { display_name: 'Corner shop staff' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>();
}

/** Sends an invitation as `token`'s user and returns the code of the mailed link. */
async function invite(token: string, teamId: string, email: string): Promise<string> {
  const sent = await api.call('POST', '/team-invitations/send-code', {
    accessToken: token,
    body: { email, team_id: teamId, callback_url: '/handler/team-invitation' },
  });
  expect(sent.statusCode).toBe(200);
  expect(sent.json()).toEqual({ success: true, id: expect.any(String) as unknown });
  const mail = await inbox.waitForMail(email);
  expect(mail.subject).toContain('Corner shop staff');
  return extractLink(mail.text, '/handler/team-invitation').searchParams.get('code')!;
}

describe('team invitations', () => {
  it('mails a link to the handler page; the invitee checks it, sees the team and joins', async () => {
    const owner = await signUp();
    const invitee = await signUp();
    const team = await createTeam(owner.token);
    const code = await invite(owner.token, team.id, invitee.email.toUpperCase());

    const listed = await api.call('GET', `/team-invitations?team_id=${team.id}`, {
      accessToken: owner.token,
    });
    expect(listed.json()).toEqual({
      items: [
        {
          id: expect.any(String) as unknown,
          team_id: team.id,
          team_display_name: 'Corner shop staff',
          recipient_email: invitee.email,
          expires_at_millis: expect.any(Number) as unknown,
        },
      ],
      is_paginated: false,
    });
    const mine = await api.call('GET', '/team-invitations?user_id=me', {
      accessToken: invitee.token,
    });
    expect(mine.json()).toMatchObject({ items: [{ team_id: team.id }] });

    expect(
      (await api.call('POST', '/team-invitations/accept/check-code', { body: { code } })).json(),
    ).toEqual({ is_code_valid: true });
    expect(
      (await api.call('POST', '/team-invitations/accept/details', { body: { code } })).json(),
    ).toEqual({ team_id: team.id, team_display_name: 'Corner shop staff' });

    // Someone else signed in cannot use the invitee's invitation.
    const other = await signUp();
    expectKnownError(
      await api.call('POST', '/team-invitations/accept', {
        accessToken: other.token,
        body: { code },
      }),
      403,
      'TEAM_INVITATION_EMAIL_MISMATCH',
    );
    expectKnownError(
      await api.call('POST', '/team-invitations/accept', { body: { code } }),
      400,
      'CANNOT_GET_OWN_USER_WITHOUT_USER',
    );

    const accepted = await api.call('POST', '/team-invitations/accept', {
      accessToken: invitee.token,
      body: { code },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({});
    const teams = await api.call('GET', '/teams?user_id=me', { accessToken: invitee.token });
    expect(teams.json()).toMatchObject({ items: [{ id: team.id }] });
    const permissions = await api.call(
      'GET',
      `/team-permissions?team_id=${team.id}&user_id=me&recursive=false`,
      { accessToken: invitee.token },
    );
    expect(permissions.json()).toMatchObject({ items: [{ id: 'team_member' }] });

    // The code is single-use, and the invitation is no longer outstanding.
    expectKnownError(
      await api.call('POST', '/team-invitations/accept', {
        accessToken: invitee.token,
        body: { code },
      }),
      409,
      'VERIFICATION_CODE_ALREADY_USED',
    );
    expect(
      (
        await api.call('GET', `/team-invitations?team_id=${team.id}`, { accessToken: owner.token })
      ).json(),
    ).toEqual({ items: [], is_paginated: false });
  });

  it('refuses untrusted callbacks, bad bodies, wrong codes and members without $invite_members', async () => {
    const owner = await signUp();
    const team = await createTeam(owner.token);
    expectKnownError(
      await api.call('POST', '/team-invitations/send-code', {
        accessToken: owner.token,
        body: { email: 'x@example.com', team_id: team.id, callback_url: 'https://evil.example/' },
      }),
      400,
      'REDIRECT_URL_NOT_WHITELISTED',
    );
    const badEmail = await api.call('POST', '/team-invitations/send-code', {
      accessToken: owner.token,
      body: { email: 'not an email', team_id: team.id, callback_url: '/handler/team-invitation' },
    });
    expectKnownError(badEmail, 400, 'SCHEMA_ERROR');
    expect(badEmail.json<{ error: string }>().error).toContain('body.email');
    expectKnownError(
      await api.call('POST', '/team-invitations/accept/check-code', {
        body: { code: 'x'.repeat(45) },
      }),
      404,
      'VERIFICATION_CODE_NOT_FOUND',
    );

    // An outsider, and a member stripped of $invite_members, cannot invite.
    const outsider = await signUp();
    expectKnownError(
      await api.call('POST', '/team-invitations/send-code', {
        accessToken: outsider.token,
        body: {
          email: 'x@example.com',
          team_id: team.id,
          callback_url: '/handler/team-invitation',
        },
      }),
      404,
      'TEAM_NOT_FOUND',
    );
    await api.call('POST', `/team-memberships/${team.id}/${outsider.id}`, {
      tier: 'server',
      body: {},
    });
    await api.call('DELETE', `/team-permissions/${team.id}/${outsider.id}/team_member`, {
      tier: 'server',
      body: {},
    });
    expectKnownError(
      await api.call('POST', '/team-invitations/send-code', {
        accessToken: outsider.token,
        body: {
          email: 'x@example.com',
          team_id: team.id,
          callback_url: '/handler/team-invitation',
        },
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    expectKnownError(
      await api.call('GET', `/team-invitations?team_id=${team.id}`, {
        accessToken: outsider.token,
      }),
      401,
      'TEAM_PERMISSION_REQUIRED',
    );
    expect(
      (
        await api.call('GET', `/team-invitations?team_id=${team.id}&user_id=me`, {
          accessToken: owner.token,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets the server invite, list, withdraw and accept by id', async () => {
    const owner = await signUp();
    const invitee = await signUp();
    const team = await createTeam(owner.token);
    const sent = await api.call('POST', '/team-invitations/send-code', {
      tier: 'server',
      body: { email: invitee.email, team_id: team.id, callback_url: '/handler/team-invitation' },
    });
    const { id } = sent.json<{ id: string }>();
    await inbox.waitForMail(invitee.email);

    const otherTeam = await createTeam(owner.token);
    expectKnownError(
      await api.call('DELETE', `/team-invitations/${id}?team_id=${otherTeam.id}`, {
        tier: 'server',
      }),
      404,
      'VERIFICATION_CODE_NOT_FOUND',
    );
    const byUser = await api.call('GET', `/team-invitations?user_id=${invitee.id}`, {
      tier: 'server',
    });
    expect(byUser.json()).toMatchObject({ items: [{ id }] });

    // Accepting by id is for the invited user only.
    expectKnownError(
      await api.call('POST', `/team-invitations/${id}/accept?user_id=${owner.id}`, {
        tier: 'server',
      }),
      403,
      'TEAM_INVITATION_EMAIL_MISMATCH',
    );
    const accepted = await api.call('POST', `/team-invitations/${id}/accept?user_id=me`, {
      accessToken: invitee.token,
    });
    expect(accepted.statusCode).toBe(200);
    const members = await api.call('GET', `/users?team_id=${team.id}`, { tier: 'server' });
    expect(
      members
        .json<{ items: { id: string }[] }>()
        .items.map((u) => u.id)
        .sort(),
    ).toEqual([owner.id, invitee.id].sort());

    // A withdrawn invitation is gone.
    const second = await api.call('POST', '/team-invitations/send-code', {
      tier: 'server',
      body: {
        email: 'later@example.com',
        team_id: team.id,
        callback_url: '/handler/team-invitation',
      },
    });
    await inbox.waitForMail('later@example.com');
    const withdrawn = await api.call(
      'DELETE',
      `/team-invitations/${second.json<{ id: string }>().id}?team_id=${team.id}`,
      { accessToken: owner.token },
    );
    expect(withdrawn.json()).toEqual({ success: true });
    expect(
      (await api.call('GET', `/team-invitations?team_id=${team.id}`, { tier: 'server' })).json(),
    ).toEqual({ items: [], is_paginated: false });
  });
});
