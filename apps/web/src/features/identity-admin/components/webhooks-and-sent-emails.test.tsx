import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { SentEmailsSection } from './sent-emails-section';
import { WebhooksSection } from './webhooks-section';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const BASE = '/api/admin/identity';

describe('webhooks', () => {
  it('adds and removes endpoints and lists each delivery attempt with its status code', async () => {
    const endpoints = [
      {
        id: 'e1',
        url: 'https://hooks.example/a',
        description: '',
        disabled: false,
        created_at_millis: 1,
      },
    ];
    stubApi({
      routes: {
        [`GET ${BASE}/webhooks/portal/endpoints`]: () => json({ items: endpoints }),
        [`POST ${BASE}/webhooks/portal/endpoints`]: (request) => {
          const body = request.body as { url: string };
          if (!body.url.startsWith('http')) {
            return apiError(400, 'SCHEMA_ERROR', 'body.url: must be an http(s) URL');
          }
          endpoints.push({ ...endpoints[0]!, id: 'e2', url: body.url });
          return json(endpoints.at(-1), 201);
        },
        [`DELETE ${BASE}/webhooks/portal/endpoints/e1`]: () => {
          endpoints.splice(0, 1);
          return json({ success: true });
        },
        [`GET ${BASE}/webhooks/portal/messages`]: () =>
          json({
            items: [
              {
                id: 'm1',
                endpoint_id: 'e1',
                event_type: 'user.created',
                status: 'delivered',
                attempts: 2,
                created_at_millis: Date.UTC(2026, 10, 25, 12),
                attempt_log: [
                  {
                    attempt: 1,
                    status: 'failed',
                    response_status_code: 500,
                    error: null,
                    attempted_at_millis: Date.UTC(2026, 10, 25, 12),
                  },
                  {
                    attempt: 2,
                    status: 'delivered',
                    response_status_code: 200,
                    error: null,
                    attempted_at_millis: Date.UTC(2026, 10, 25, 12, 1),
                  },
                ],
              },
            ],
          }),
      },
    });
    const user = userEvent.setup();
    renderAt('/', [{ path: '/', element: <WebhooksSection /> }]);
    const log = await screen.findByRole('table', { name: 'Webhook delivery log' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('user.createdhttps://hooks.example/a1500'),
      expect.stringContaining('user.createdhttps://hooks.example/a2200'),
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Endpoint URL' }), 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Must be an http(s) URL');

    const url = screen.getByRole('textbox', { name: 'Endpoint URL' });
    await user.clear(url);
    await user.type(url, 'https://hooks.example/b');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Webhook endpoints' }).textContent).toContain(
        'https://hooks.example/b',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove https://hooks.example/a' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Webhook endpoints' }).textContent).not.toContain(
        'https://hooks.example/a',
      ),
    );
  });
});

describe('sent emails', () => {
  it('says so when nothing was sent', async () => {
    stubApi({ routes: { [`GET ${BASE}/internal/emails`]: () => json({ items: [] }) } });
    renderAt('/', [{ path: '/', element: <SentEmailsSection /> }]);
    expect(await screen.findByText('No emails sent yet')).toBeTruthy();
  });

  it('lists to, subject, when and whether it went', async () => {
    stubApi({
      routes: {
        [`GET ${BASE}/internal/emails`]: () =>
          json({
            items: [
              {
                id: '1',
                subject: 'Verify your email',
                sent_at_millis: Date.UTC(2026, 10, 25, 12),
                to: ['a@example.com'],
                error: null,
              },
              {
                id: '2',
                subject: 'Reset your password',
                sent_at_millis: Date.UTC(2026, 10, 25, 13),
                to: ['b@example.com'],
                error: 'connect ECONNREFUSED',
              },
            ],
          }),
      },
    });
    renderAt('/', [{ path: '/', element: <SentEmailsSection /> }]);
    const table = await screen.findByRole('table', { name: 'Sent emails' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('a@example.com');
    expect(rows[0]!.textContent).toContain('Verify your email');
    expect(rows[0]!.textContent).toContain('Sent');
    expect(rows[1]!.textContent).toContain('Failed');
    expect(within(rows[1]!).getByText('Failed').getAttribute('title')).toBe('connect ECONNREFUSED');
  });
});
