import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, json, stubApi, type FakeRequest } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await Promise.all([import('@/app/routes/admin/admin'), import('./identity-admin-panel')]);
});

const BASE = '/api/admin/identity';
const admin = buildUser({ email: 'root@example.com', isAdmin: true });
const LOCALHOST =
  "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings";

function project(overrides: { allow_localhost?: boolean; is_production_mode?: boolean } = {}) {
  return {
    id: 'p1',
    display_name: 'ipick',
    is_production_mode: overrides.is_production_mode ?? false,
    config: {
      allow_localhost: overrides.allow_localhost ?? true,
      sign_up_enabled: true,
      credential_enabled: true,
      magic_link_enabled: true,
      passkey_enabled: false,
      client_team_creation_enabled: false,
      client_user_deletion_enabled: false,
      allow_user_api_keys: true,
      allow_team_api_keys: false,
      domains: [{ domain: 'https://ipick.example', handler_path: '/handler' }],
    },
  };
}

function stubIdentity(extra: Record<string, (request: FakeRequest) => Response> = {}) {
  const state = { allowLocalhost: true, patches: [] as unknown[] };
  stubApi({
    user: admin,
    routes: {
      [`GET ${BASE}/internal/projects/current`]: () =>
        json(project({ allow_localhost: state.allowLocalhost })),
      [`PATCH ${BASE}/internal/projects/current`]: (request) => {
        state.patches.push(request.body);
        const body = request.body as {
          is_production_mode?: boolean;
          config?: { allow_localhost?: boolean };
        };
        if (body.is_production_mode && state.allowLocalhost) {
          return json(
            {
              code: 'SCHEMA_ERROR',
              error: 'body.is_production_mode: the project is not ready for production mode',
              details: {
                production_mode_errors: [
                  { message: LOCALHOST, relative_fix_url: '/projects/p1/domains' },
                ],
              },
            },
            400,
          );
        }
        if (body.config?.allow_localhost !== undefined)
          state.allowLocalhost = body.config.allow_localhost;
        return json(
          project({
            allow_localhost: state.allowLocalhost,
            is_production_mode: body.is_production_mode,
          }),
        );
      },
      [`GET ${BASE}/internal/production-mode-errors`]: () =>
        json({
          items: state.allowLocalhost
            ? [{ message: LOCALHOST, relative_fix_url: '/projects/p1/domains' }]
            : [],
        }),
      [`GET ${BASE}/internal/api-keys`]: () => json({ items: [], is_paginated: false }),
      [`GET ${BASE}/team-permission-definitions`]: () =>
        json({
          items: [
            { id: 'team_admin', description: 'Admin', contained_permission_ids: ['$update_team'] },
          ],
        }),
      [`GET ${BASE}/project-permission-definitions`]: () => json({ items: [] }),
      [`GET ${BASE}/internal/metrics`]: () =>
        json({
          total_users: 3,
          daily_users: [{ date: '2026-11-25', activity: 3 }],
          daily_active_users: [{ date: '2026-11-25', activity: 2 }],
          users_by_country: { DE: 1 },
        }),
      ...extra,
    },
  });
  return state;
}

describe('admin area: Identity', () => {
  it('lists the production-mode checklist when switching on is refused, and switches on once fixed', async () => {
    const state = stubIdentity();
    const user = userEvent.setup();
    renderAt('/admin?tab=identity');
    const production = await screen.findByRole('region', { name: 'Production mode' });
    await user.click(within(production).getByRole('button', { name: 'Turn on production mode' }));
    const checklist = await within(production).findByRole('list', {
      name: 'Production mode checklist',
    });
    expect(checklist.textContent).toContain(LOCALHOST);
    expect(screen.queryByText(/The request failed/)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Allow localhost' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Production mode checklist' })).toBeNull(),
    );
    await user.click(within(production).getByRole('button', { name: 'Turn on production mode' }));
    await waitFor(() => expect(state.patches).toContainEqual({ is_production_mode: true }));
    expect(state.allowLocalhost).toBe(false);
    expect(await screen.findByText('3')).toBeTruthy();
  });

  it('shows a new key once', async () => {
    stubIdentity({
      [`POST ${BASE}/internal/api-keys`]: () =>
        json({ id: 'k1', secret_server_key: 'ssk_the_whole_secret' }),
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=identity');
    await user.type(await screen.findByRole('textbox', { name: 'Key description' }), 'backend');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('status');
    expect(shown.textContent).toContain('ssk_the_whole_secret');
    expect(shown.textContent).toContain('not shown again');
  });
});
