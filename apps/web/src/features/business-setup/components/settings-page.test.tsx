import { attributionSettingsSchema } from '@ipick/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  buildBusiness,
  json,
  sentRequests,
  stubApi,
  type FakeRoute,
} from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { buildDomain, buildKey, buildTeam, defaultAttribution } from '../test/fixtures';
import { windowDaysError } from './attribution-section';

const SETTINGS = '/business/dashboard/checkout/settings';

function stubSettings(routes: Record<string, FakeRoute> = {}) {
  return stubApi({
    business: buildBusiness(),
    routes: {
      'GET /api/business/domains': () => json({ domains: [buildDomain()] }),
      'GET /api/business/keys': () => json({ keys: [buildKey()] }),
      'GET /api/business/attribution/settings': () => json(defaultAttribution),
      'GET /api/business/team': () => json(buildTeam()),
      ...routes,
    },
  });
}

function bodiesOf(fetch: ReturnType<typeof stubApi>['fetch'], request: string): unknown[] {
  return fetch.mock.calls
    .filter(([input, init]) => {
      const href =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return `${init?.method ?? 'GET'} ${new URL(href, 'http://localhost').pathname}` === request;
    })
    .map(
      ([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined) as unknown,
    );
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('@/app/routes/business/dashboard/settings');
});
afterEach(() => vi.unstubAllGlobals());

describe('the settings page', { timeout: 20_000 }, () => {
  it('saves the shop profile and shows the server’s field error', async () => {
    let calls = 0;
    const { fetch } = stubSettings({
      'PATCH /api/business/profile': (request, session) => {
        calls += 1;
        if (calls === 1) return apiError(400, 'invalid_request', 'body.name: Enter your shop name');
        const business = buildBusiness({ ...(request.body as object) });
        session.business = business;
        return json({ business });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const profile = await screen.findByRole('region', { name: 'Shop profile' });
    const name = within(profile).getByLabelText('Shop name');
    expect(name).toHaveProperty('value', 'Lamp Shop');
    await user.clear(name);
    await user.type(name, 'Lamp Palace');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect((await within(profile).findByRole('alert')).textContent).toContain(
      'Enter your shop name',
    );

    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(bodiesOf(fetch, 'PATCH /api/business/profile')[1]).toEqual({
      name: 'Lamp Palace',
      contactEmail: 'owner@lamps.example.com',
    });
  });

  it('checks the contact email before sending', async () => {
    const { fetch } = stubSettings();
    const user = userEvent.setup();
    renderAt(SETTINGS);
    const profile = await screen.findByRole('region', { name: 'Shop profile' });
    const email = within(profile).getByLabelText('Contact email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('Enter a valid email address')).toBeTruthy();
    expect(sentRequests(fetch)).not.toContain('PATCH /api/business/profile');
  });

  it('shows how to verify a domain with its token and verifies it', async () => {
    let verified = false;
    const { fetch } = stubSettings({
      'GET /api/business/domains': () =>
        json({
          domains: [buildDomain({ verifiedAt: verified ? '2025-01-03T00:00:00.000Z' : null })],
        }),
      'POST /api/business/domains/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f/verify': () => {
        verified = true;
        return json({ domain: buildDomain({ verifiedAt: '2025-01-03T00:00:00.000Z' }) });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const domains = await screen.findByRole('region', { name: 'Domains' });
    expect((await within(domains).findByLabelText('Meta tag')).textContent).toContain(
      'content="ipick-token-123"',
    );
    expect(within(domains).getByLabelText('Verification token').textContent).toBe(
      'ipick-token-123',
    );
    expect(within(domains).getByText('Not verified')).toBeTruthy();
    await user.click(within(domains).getByRole('button', { name: 'Verify domain' }));
    expect(await within(domains).findByText('Verified')).toBeTruthy();
    expect(sentRequests(fetch)).toContain(
      'POST /api/business/domains/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f/verify',
    );
  });

  it('wraps the meta tag and the token in their boxes instead of cutting them off', async () => {
    stubSettings({
      'GET /api/business/domains': () =>
        json({ domains: [buildDomain({ verificationToken: `ipick-${'x'.repeat(60)}` })] }),
    });
    renderAt(SETTINGS);
    const domains = await screen.findByRole('region', { name: 'Domains' });
    // jsdom lays nothing out, so this checks the classes that wrap; the browser suite measures
    // the meta tag's box on a phone-sized screen.
    for (const label of ['Meta tag', 'Verification token']) {
      const block = await within(domains).findByLabelText(label);
      expect(block.textContent).toContain(`ipick-${'x'.repeat(60)}`);
      expect(block.classList).toContain('whitespace-pre-wrap');
      expect(block.classList).toContain('wrap-anywhere');
    }
  });

  it('marks the domain registered at sign-up and says one verified domain is enough', async () => {
    stubSettings({
      'GET /api/business/domains': () =>
        json({
          domains: [
            buildDomain(),
            buildDomain({
              id: '9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
              domain: 'shop.lamps.example.com',
              isPrimary: false,
              verifiedAt: '2025-01-03T00:00:00.000Z',
            }),
          ],
        }),
    });
    renderAt(SETTINGS);

    const domains = await screen.findByRole('region', { name: 'Domains' });
    const [registered, added] = within(
      await within(domains).findByRole('list', { name: 'Shop domains' }),
    ).getAllByRole('listitem');
    expect(registered!.textContent).toContain('Registered at sign-up');
    expect(registered!.textContent).toContain('Not verified');
    expect(added!.textContent).not.toContain('Registered at sign-up');
    expect(
      within(domains).getByText(
        /Verifying any one domain of your shop is enough to start tracking/,
      ),
    ).toBeTruthy();
  });

  it('refuses a malformed domain before sending it', async () => {
    const { fetch } = stubSettings();
    const user = userEvent.setup();
    renderAt(SETTINGS);
    const domains = await screen.findByRole('region', { name: 'Domains' });
    await user.type(within(domains).getByLabelText('Shop domain'), 'not a domain');
    await user.click(within(domains).getByRole('button', { name: 'Add domain' }));
    expect(
      await within(domains).findByText('Enter a domain such as shop.example.com'),
    ).toBeTruthy();
    expect(sentRequests(fetch)).not.toContain('POST /api/business/domains');
  });

  it('shows a new secret key once, in a dialog with a copy button', async () => {
    stubSettings({
      'POST /api/business/keys': () =>
        json(
          {
            apiKey: buildKey({
              id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
              kind: 'secret',
              key: null,
              prefix: 'sk_live_Abcd',
            }),
            secret: 'sk_live_AbcdSecretValue',
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const keys = await screen.findByRole('region', { name: 'API keys' });
    await within(keys).findByRole('list', { name: 'API keys' });
    await user.click(within(keys).getByRole('button', { name: 'Create secret key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new secret key' });
    expect(within(dialog).getByLabelText('New key').textContent).toBe('sk_live_AbcdSecretValue');
    // Shown only once, so it wraps rather than hiding its end past a scroll bar.
    expect(within(dialog).getByLabelText('New key').classList).toContain('whitespace-pre-wrap');
    expect(dialog.textContent).toContain('only once');
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('sk_live_AbcdSecretValue');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The button was disabled while the key was made; focus still goes back to it.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(keys).getByRole('button', { name: 'Create secret key' }),
      ),
    );
  });

  it('keeps keyboard focus on "Create secret key" when ipick refuses another key', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetch } = stubSettings({
      'POST /api/business/keys': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const keys = await screen.findByRole('region', { name: 'API keys' });
    await within(keys).findByRole('list', { name: 'API keys' });
    const create = within(keys).getByRole('button', { name: 'Create secret key' });
    create.focus();
    await user.keyboard('{Enter}');
    // Browsers move focus off a disabled button to the page: it is aria-disabled instead.
    await waitFor(() => expect(create.getAttribute('aria-disabled')).toBe('true'));
    expect(create.hasAttribute('disabled')).toBe(false);
    await user.keyboard('{Enter}');
    expect(sentRequests(fetch).filter((call) => call === 'POST /api/business/keys')).toHaveLength(
      1,
    );
    answer(
      apiError(
        409,
        'conflict',
        'You have 5 secret keys already; revoke one before making another.',
      ),
    );
    expect((await within(keys).findByRole('alert')).textContent).toContain('revoke one');
    expect(document.activeElement).toBe(create);
  });

  it('puts focus on the domain list once a removed domain takes its button away', async () => {
    let removed = false;
    const added = buildDomain({
      id: '9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
      domain: 'shop.lamps.example.com',
      isPrimary: false,
    });
    stubSettings({
      'GET /api/business/domains': () =>
        json({ domains: removed ? [buildDomain()] : [buildDomain(), added] }),
      'DELETE /api/business/domains/9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const domains = await screen.findByRole('region', { name: 'Domains' });
    await user.click(
      await within(domains).findByRole('button', { name: 'Remove shop.lamps.example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove shop.lamps.example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(domains).getByRole('list', { name: 'Shop domains' }),
      ),
    );
  });

  it('revokes a key only after confirming', async () => {
    let revoked = false;
    const { fetch } = stubSettings({
      'GET /api/business/keys': () =>
        json({ keys: [buildKey({ revokedAt: revoked ? '2025-01-04T00:00:00.000Z' : null })] }),
      'DELETE /api/business/keys/2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b': () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const keys = await screen.findByRole('region', { name: 'API keys' });
    await user.click(await within(keys).findByRole('button', { name: /^Revoke publishable key/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentRequests(fetch)).not.toContain(
      'DELETE /api/business/keys/2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
    );

    await user.click(within(keys).getByRole('button', { name: /^Revoke publishable key/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke key' }),
    );
    expect(await within(keys).findByText('Revoked')).toBeTruthy();
  });

  it('keeps keyboard focus on the key list once a revoked key loses its buttons', async () => {
    let revoked = false;
    stubSettings({
      'GET /api/business/keys': () =>
        json({ keys: [buildKey({ revokedAt: revoked ? '2025-01-04T00:00:00.000Z' : null })] }),
      'DELETE /api/business/keys/2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b': () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const keys = await screen.findByRole('region', { name: 'API keys' });
    await user.click(await within(keys).findByRole('button', { name: /^Revoke publishable key/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await within(keys).findByText('Revoked')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(keys).getByRole('list', { name: 'API keys' })),
    );
  });

  it('keeps keyboard focus on the key list after showing a rotated key', async () => {
    const fresh = buildKey({
      id: '6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e',
      key: 'pk_live_RotatedKey1234',
      prefix: 'pk_live_Rota',
      lastFour: '1234',
    });
    let rotated = false;
    stubSettings({
      'GET /api/business/keys': () =>
        json({
          keys: rotated
            ? [fresh, buildKey({ revokedAt: '2025-01-04T00:00:00.000Z' })]
            : [buildKey()],
        }),
      'POST /api/business/keys/2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b/rotate': () => {
        rotated = true;
        return json({ apiKey: fresh, secret: 'pk_live_RotatedKey1234' }, 201);
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const keys = await screen.findByRole('region', { name: 'API keys' });
    await user.click(await within(keys).findByRole('button', { name: /^Rotate publishable key/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate this key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new publishable key' });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The old key is revoked: its row has no Rotate button left to return to.
    expect(
      within(keys).queryByRole('button', { name: /Rotate publishable key pk_live_Setu/ }),
    ).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(keys).getByRole('list', { name: 'API keys' })),
    );
  });

  it('keeps keyboard focus through a failed and a successful domain verification', async () => {
    let attempts = 0;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubSettings({
      'GET /api/business/domains': () =>
        json({
          domains: [buildDomain({ verifiedAt: attempts > 1 ? '2025-01-03T00:00:00.000Z' : null })],
        }),
      'POST /api/business/domains/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f/verify': async () => {
        attempts += 1;
        if (attempts === 1) {
          await answered;
          return apiError(
            400,
            'invalid_request',
            'Could not verify lamps.example.com: https://lamps.example.com/ has no meta tag.',
          );
        }
        return json({ domain: buildDomain({ verifiedAt: '2025-01-03T00:00:00.000Z' }) });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const domains = await screen.findByRole('region', { name: 'Domains' });
    const verify = await within(domains).findByRole('button', { name: 'Verify domain' });
    verify.focus();
    await user.keyboard('{Enter}');
    // Not disabled while ipick checks: browsers move focus off a disabled button, to the page.
    const checking = await within(domains).findByRole('button', { name: 'Checking your site…' });
    expect(checking.getAttribute('aria-disabled')).toBe('true');
    expect(checking).toHaveProperty('disabled', false);
    answer();
    expect((await within(domains).findByRole('alert')).textContent).toContain('has no meta tag');
    // The merchant adds the tag and presses Enter again, without hunting for the button.
    expect(document.activeElement).toBe(verify);
    await user.keyboard('{Enter}');
    expect(await within(domains).findByText('Verified')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(domains).getByRole('list', { name: 'Shop domains' }),
      ),
    );
  });

  it('keeps the attribution window between 1 and 90 days and saves the model', async () => {
    const { fetch } = stubSettings({
      'PATCH /api/business/attribution/settings': (request) =>
        json({ ...defaultAttribution, ...(request.body as object) }),
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const section = await screen.findByRole('region', { name: 'Attribution' });
    const days = await within(section).findByLabelText('Attribution window (days)');
    expect(within(section).getByText('From 1 to 90 days after a click.')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '120');
    await user.click(within(section).getByRole('button', { name: 'Save attribution settings' }));
    expect(within(section).getByText('Choose between 1 and 90 days')).toBeTruthy();
    expect(sentRequests(fetch)).not.toContain('PATCH /api/business/attribution/settings');

    await user.clear(days);
    await user.type(days, '14');
    await user.selectOptions(within(section).getByLabelText('Attribution model'), 'position_based');
    await user.click(within(section).getByRole('button', { name: 'Save attribution settings' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, 'PATCH /api/business/attribution/settings')).toEqual([
        { windowDays: 14, model: 'position_based' },
      ]),
    );
  });

  it('keeps keyboard focus on "Add domain" and "Save attribution settings" while they work', async () => {
    let answerDomain: (response: Response) => void = () => undefined;
    let answerSettings: (response: Response) => void = () => undefined;
    const { fetch } = stubSettings({
      'POST /api/business/domains': () =>
        new Promise<Response>((resolve) => {
          answerDomain = resolve;
        }),
      'PATCH /api/business/attribution/settings': () =>
        new Promise<Response>((resolve) => {
          answerSettings = resolve;
        }),
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    // Browsers move focus off a disabled button to the page: these say so without being disabled.
    const domains = await screen.findByRole('region', { name: 'Domains' });
    await user.type(within(domains).getByLabelText('Shop domain'), 'shop.lamps.example.com');
    const add = within(domains).getByRole('button', { name: 'Add domain' });
    add.focus();
    await user.keyboard('{Enter}');
    const adding = await within(domains).findByRole('button', { name: 'Adding…' });
    expect(adding.getAttribute('aria-disabled')).toBe('true');
    expect(adding.hasAttribute('disabled')).toBe(false);
    await user.keyboard('{Enter}');
    expect(
      sentRequests(fetch).filter((call) => call === 'POST /api/business/domains'),
    ).toHaveLength(1);
    answerDomain(
      apiError(
        409,
        'conflict',
        'domain: shop.lamps.example.com belongs to another business on ipick',
      ),
    );
    expect((await within(domains).findByRole('alert')).textContent).toContain('another business');
    expect(document.activeElement).toBe(
      within(domains).getByRole('button', { name: 'Add domain' }),
    );

    const section = screen.getByRole('region', { name: 'Attribution' });
    const save = await within(section).findByRole('button', { name: 'Save attribution settings' });
    save.focus();
    await user.keyboard('{Enter}');
    const saving = await within(section).findByRole('button', { name: 'Saving…' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect(saving.hasAttribute('disabled')).toBe(false);
    answerSettings(json(defaultAttribution));
    expect(await within(section).findByRole('button', { name: 'Save attribution settings' })).toBe(
      document.activeElement,
    );
  });

  it('accepts exactly the attribution windows the server accepts', () => {
    const windowDays = attributionSettingsSchema.shape.windowDays;
    for (let days = -1; days <= 400; days += 1) {
      expect(windowDaysError(String(days)) === null, `${days} days`).toBe(
        windowDays.safeParse(days).success,
      );
    }
  });

  it('invites a team member and revokes the invitation', async () => {
    let invitations: { id: string; email: string; createdAt: string; expiresAt: string }[] = [];
    const { fetch } = stubSettings({
      'GET /api/business/team': () => json(buildTeam({ invitations })),
      'POST /api/business/team/invitations': (request) => {
        const invitation = {
          id: '6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e',
          email: (request.body as { email: string }).email,
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 7 * 864e5).toISOString(),
        };
        invitations = [invitation];
        return json({ invitation }, 201);
      },
      'DELETE /api/business/team/invitations/6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e': () => {
        invitations = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);

    const team = await screen.findByRole('region', { name: 'Team' });
    const members = await within(team).findByRole('list', { name: 'Team members' });
    expect(members.textContent).toContain('owner@lamps.example.com (you)');
    expect(within(team).getByText(/No invitations are waiting/)).toBeTruthy();

    await user.type(within(team).getByLabelText('Email address'), 'Colleague@Example.com');
    await user.click(within(team).getByRole('button', { name: 'Send invitation' }));
    const pending = await within(team).findByRole('list', { name: 'Pending invitations' });
    expect(pending.textContent).toContain('colleague@example.com');
    expect(bodiesOf(fetch, 'POST /api/business/team/invitations')).toEqual([
      { email: 'colleague@example.com' },
    ]);

    await user.click(
      within(pending).getByRole('button', {
        name: 'Revoke the invitation to colleague@example.com',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke invitation' }),
    );
    expect(await within(team).findByText(/No invitations are waiting/)).toBeTruthy();
  });

  it('hides the invite form from members who are not owners', async () => {
    stubSettings({ 'GET /api/business/team': () => json(buildTeam({ canManage: false })) });
    renderAt(SETTINGS);
    const team = await screen.findByRole('region', { name: 'Team' });
    expect(await within(team).findByText(/Only an owner or admin can invite/)).toBeTruthy();
    // Nor can members make, rotate or revoke API keys.
    const keys = await screen.findByRole('region', { name: 'API keys' });
    expect(
      await within(keys).findByText(/Only an owner or admin of the business can create/),
    ).toBeTruthy();
    expect(within(keys).queryByRole('button', { name: 'Create publishable key' })).toBeNull();
    expect(within(keys).queryByRole('button', { name: /^Rotate/ })).toBeNull();
    expect(within(team).queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('lets the owner make a member an admin and remove a member', async () => {
    const colleague = {
      userId: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      email: 'till@lamps.example.com',
      displayName: null,
      role: 'member' as const,
      joinedAt: '2025-02-02T03:04:05.000Z',
      isYou: false,
    };
    const owner = buildTeam().members[0]!;
    const sent: { method: string; path: string; body: unknown }[] = [];
    stubSettings({
      'GET /api/business/team': () => json(buildTeam({ members: [owner, colleague] })),
      [`PATCH /api/business/team/members/${colleague.userId}`]: ({ method, path, body }) => {
        sent.push({ method, path, body });
        return new Response(null, { status: 204 });
      },
      [`DELETE /api/business/team/members/${colleague.userId}`]: ({ method, path, body }) => {
        sent.push({ method, path, body });
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);
    const team = await screen.findByRole('region', { name: 'Team' });
    await user.click(
      await within(team).findByRole('button', { name: `Make ${colleague.email} an admin` }),
    );
    await user.click(within(team).getByRole('button', { name: `Remove ${colleague.email}` }));
    await user.click(await screen.findByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({ method: 'PATCH', body: { role: 'admin' } });
    expect(sent[1]).toMatchObject({ method: 'DELETE' });
    // The owner has no buttons of their own.
    expect(within(team).queryByRole('button', { name: /owner@lamps/ })).toBeNull();
  });

  it('offers a retry when a section fails to load', async () => {
    let attempts = 0;
    stubSettings({
      'GET /api/business/team': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(503, 'service_unavailable', 'Try later')
          : json(buildTeam());
      },
    });
    const user = userEvent.setup();
    renderAt(SETTINGS);
    const team = await screen.findByRole('region', { name: 'Team' });
    await user.click(await within(team).findByRole('button', { name: 'Retry' }));
    expect(await within(team).findByRole('list', { name: 'Team members' })).toBeTruthy();
  });
});
