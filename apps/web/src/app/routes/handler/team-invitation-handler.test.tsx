import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, json, sentRequests, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

const TEAM_ID = '5b1f3c1e-2f7a-4d59-9d0c-4a6c1f0e2b3d';
const access = (signedIn: boolean) => () =>
  json({
    projectId: 'a1b2c3d4-0000-4000-8000-000000000000',
    publishableClientKey: 'pck_test',
    accessToken: signedIn ? 'token' : null,
  });
const details = () => json({ team_id: TEAM_ID, team_display_name: 'Lamp Shop' });

describe('/handler/team-invitation', () => {
  it('shows the team to someone signed out and sends them to sign in and back', async () => {
    stubApi({
      routes: {
        'POST /api/auth/identity-token': access(false),
        'POST /api/v1/team-invitations/accept/details': details,
      },
    });
    renderAt('/handler/team-invitation?code=abc');
    expect(await screen.findByText('Lamp Shop')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in to accept' });
    expect(signIn.getAttribute('href')).toBe(
      `/handler/sign-in?after_auth_return_to=${encodeURIComponent('/handler/team-invitation?code=abc')}`,
    );
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('lets a signed-in user join, then offers the business dashboard of a business team', async () => {
    const api = stubApi({
      user: buildUser({ email: 'colleague@example.com' }),
      routes: {
        'POST /api/auth/identity-token': access(true),
        'POST /api/v1/team-invitations/accept/details': details,
        'POST /api/v1/team-invitations/accept': ({ body }) => {
          expect(body).toEqual({ code: 'abc' });
          return json({});
        },
        [`GET /api/v1/teams/${TEAM_ID}`]: () =>
          json({
            id: TEAM_ID,
            display_name: 'Lamp Shop',
            client_read_only_metadata: { ipick_business: true },
          }),
      },
    });
    renderAt('/handler/team-invitation?code=abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Join Lamp Shop' }));
    expect(await screen.findByText('You joined Lamp Shop')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Open the business dashboard' }).getAttribute('href'),
    ).toBe(`/business-login?returnTo=${encodeURIComponent('/business/dashboard')}`);
    expect(sentRequests(api.fetch)).toContain('POST /api/v1/team-invitations/accept');
  });

  it('says plainly that a used or expired code cannot be used', async () => {
    for (const [code, words] of [
      ['VERIFICATION_CODE_ALREADY_USED', 'This invitation has already been used.'],
      ['VERIFICATION_CODE_EXPIRED', 'This invitation has expired.'],
    ] as const) {
      stubApi({
        routes: {
          'POST /api/auth/identity-token': access(false),
          'POST /api/v1/team-invitations/accept/details': () =>
            json({ code, error: 'The code is not valid.' }, 400),
        },
      });
      const { unmount } = renderAt(`/handler/team-invitation?code=${code}`);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('This invitation cannot be used');
      expect(alert.textContent).toContain(words);
      unmount();
    }
  });

  it('asks for the link from the email when the address has no code', async () => {
    stubApi();
    renderAt('/handler/team-invitation');
    expect(await screen.findByText('Open the link from your invitation email')).toBeTruthy();
  });
});
