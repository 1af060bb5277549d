import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { EmailServerSection } from './email-server-section';
import { OAuthProvidersSection } from './oauth-providers-section';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const BASE = '/api/admin/identity';

/** A config store behind GET /internal/config and PATCH /internal/config/override. */
function stubConfig(refuse?: (override: Record<string, unknown>) => string | undefined) {
  const state = {
    providers: {
      github: { type: 'github', isShared: true },
    } as Record<string, unknown>,
    server: { isShared: true } as Record<string, unknown>,
    overrides: [] as Record<string, unknown>[],
  };
  stubApi({
    routes: {
      [`GET ${BASE}/internal/config`]: () =>
        json({
          config_string: JSON.stringify({
            auth: { oauth: { providers: state.providers } },
            emails: { server: state.server },
          }),
        }),
      [`PATCH ${BASE}/internal/config/override`]: (request) => {
        const override = JSON.parse(
          (request.body as { config_override_string: string }).config_override_string,
        ) as Record<string, unknown>;
        state.overrides.push(override);
        const refusal = refuse?.(override);
        if (refusal) return apiError(400, 'SCHEMA_ERROR', refusal);
        for (const [key, value] of Object.entries(override)) {
          if (key.startsWith('auth.oauth.providers.')) {
            const id = key.slice('auth.oauth.providers.'.length);
            if (value === null) delete state.providers[id];
            else state.providers[id] = value;
          }
          if (key === 'emails.server') state.server = value as Record<string, unknown>;
        }
        return json({ success: true });
      },
    },
  });
  return state;
}

describe('OAuth providers', () => {
  it('adds a provider with its own keys and removes one', async () => {
    const state = stubConfig();
    const user = userEvent.setup();
    renderAt('/', [{ path: '/', element: <OAuthProvidersSection /> }]);
    const list = await screen.findByRole('list', { name: 'OAuth providers' });
    expect(list.textContent).toContain('Shared keys');

    await user.selectOptions(screen.getByLabelText('Provider'), 'google');
    await user.type(screen.getByRole('textbox', { name: 'Client id' }), 'google-client');
    await user.type(screen.getByLabelText('Client secret'), 'google-secret');
    await user.click(screen.getByRole('button', { name: 'Save provider' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'OAuth providers' }).textContent).toContain(
        'client google-client',
      ),
    );
    expect(state.overrides[0]).toEqual({
      'auth.oauth.providers.google': {
        type: 'google',
        isShared: false,
        clientId: 'google-client',
        clientSecret: 'google-secret',
      },
    });

    await user.click(screen.getByRole('button', { name: 'Remove github' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'OAuth providers' })).queryByText('github'),
      ).toBeNull(),
    );
    expect(state.providers).not.toHaveProperty('github');
  });

  it("shows the server's message naming a bad value", async () => {
    stubConfig(() => 'config_override_string: auth.oauth.providers.corp.issuerUrl: Invalid URL');
    const user = userEvent.setup();
    renderAt('/', [{ path: '/', element: <OAuthProvidersSection /> }]);
    await screen.findByRole('list', { name: 'OAuth providers' });
    await user.selectOptions(screen.getByLabelText('Provider'), 'oidc');
    await user.type(screen.getByRole('textbox', { name: 'Provider id' }), 'corp');
    await user.type(screen.getByRole('textbox', { name: 'Issuer URL' }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save provider' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'auth.oauth.providers.corp.issuerUrl: Invalid URL',
    );
  });
});

describe('email server', () => {
  it('switches from the shared server to SMTP, and shows what the server says is missing', async () => {
    const state = stubConfig((override) => {
      const server = override['emails.server'] as Record<string, unknown>;
      return server.isShared === false && !server.password
        ? 'config_override_string: emails.server: an SMTP server (isShared: false) needs password'
        : undefined;
    });
    const user = userEvent.setup();
    renderAt('/', [{ path: '/', element: <EmailServerSection /> }]);
    await user.click(await screen.findByRole('radio', { name: 'Our own SMTP server' }));
    await user.type(screen.getByRole('textbox', { name: 'SMTP host' }), 'smtp.example');
    const port = screen.getByRole('textbox', { name: 'SMTP port' });
    await user.clear(port);
    await user.type(port, '2525');
    await user.type(screen.getByRole('textbox', { name: 'SMTP username' }), 'mailer');
    await user.type(screen.getByRole('textbox', { name: 'Sender name' }), 'ipick');
    await user.type(screen.getByRole('textbox', { name: 'Sender email' }), 'noreply@ipick.example');
    await user.click(screen.getByRole('button', { name: 'Save email server' }));
    expect((await screen.findByRole('alert')).textContent).toContain('needs password');

    await user.type(screen.getByLabelText('SMTP password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Save email server' }));
    await waitFor(() =>
      expect(state.server).toMatchObject({ isShared: false, password: 'secret' }),
    );
    expect(state.server).toEqual({
      isShared: false,
      provider: 'smtp',
      host: 'smtp.example',
      port: 2525,
      username: 'mailer',
      password: 'secret',
      senderName: 'ipick',
      senderEmail: 'noreply@ipick.example',
    });
  });
});
