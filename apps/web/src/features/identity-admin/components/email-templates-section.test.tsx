import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi, type FakeRequest } from '@/test/fake-api';
import { renderAt } from '@/test/render-app';
import { EmailTemplatesSection } from './email-templates-section';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const BASE = '/api/admin/identity';
const SOURCE = 'export function EmailTemplate() { return <p>Welcome aboard</p>; }';
const SMTP = {
  isShared: false,
  provider: 'smtp',
  host: 'smtp.example',
  port: 2525,
  username: 'mailer',
  password: 'secret',
  senderName: 'ipick',
  senderEmail: 'noreply@ipick.example',
};

/** The identity admin tier as the section sees it; render-email answers like the server. */
function stubEmail(routes: Record<string, (request: FakeRequest) => Response> = {}) {
  const rendered: string[] = [];
  const fetch = stubApi({
    routes: {
      [`GET ${BASE}/internal/email-templates`]: () =>
        json({
          templates: [{ id: 't1', display_name: 'Welcome', theme_id: null, tsx_source: SOURCE }],
        }),
      [`GET ${BASE}/internal/email-themes`]: () =>
        json({ themes: [{ id: 'th1', display_name: 'Default Light' }] }),
      [`GET ${BASE}/internal/config`]: () =>
        json({
          config_string: JSON.stringify({
            auth: { oauth: { providers: {} } },
            emails: { server: SMTP },
          }),
        }),
      [`POST ${BASE}/emails/render-email`]: (request) => {
        const source = (request.body as { template_tsx_source: string }).template_tsx_source;
        rendered.push(source);
        if (source.includes('oops')) {
          return apiError(
            400,
            'EMAIL_RENDERING_ERROR',
            'The template could not be compiled: Unexpected "oops" at line 1',
          );
        }
        const text = /<p>(.*?)<\/p>/.exec(source)?.[1] ?? '';
        return json({ html: `<html><body><p>${text}</p></body></html>` });
      },
      ...routes,
    },
  }).fetch;
  return { fetch, rendered };
}

async function openWelcome() {
  const user = userEvent.setup();
  renderAt('/', [{ path: '/', element: <EmailTemplatesSection /> }]);
  const templates = await screen.findByRole('list', { name: 'Email templates' });
  await user.click(within(templates).getByRole('button', { name: 'Welcome' }));
  return user;
}

const preview = () => screen.findByTitle('Preview of Welcome');

describe('email template editor', () => {
  it('previews the source, and the edited source after a pause', async () => {
    const { rendered } = stubEmail();
    await openWelcome();
    await waitFor(async () =>
      expect((await preview()).getAttribute('srcdoc')).toContain('<p>Welcome aboard</p>'),
    );
    const frame = await preview();
    expect(frame.getAttribute('sandbox')).toBe('');

    const editor = screen.getByRole('textbox', { name: 'Welcome source' });
    fireEvent.change(editor, { target: { value: SOURCE.replace('aboard', 'to ipick') } });
    await waitFor(async () =>
      expect((await preview()).getAttribute('srcdoc')).toContain('<p>Welcome to ipick</p>'),
    );
    expect(rendered.at(-1)).toContain('Welcome to ipick');
  });

  it("shows the server's message for a bad template and keeps the last good preview", async () => {
    stubEmail();
    await openWelcome();
    await waitFor(async () =>
      expect((await preview()).getAttribute('srcdoc')).toContain('Welcome aboard'),
    );
    const editor = screen.getByRole('textbox', { name: 'Welcome source' });
    fireEvent.change(editor, { target: { value: `${SOURCE} oops` } });
    const error = await screen.findByRole('alert', { name: 'Preview error' });
    expect(error.textContent).toContain('Unexpected "oops" at line 1');
    expect((await preview()).getAttribute('srcdoc')).toContain('Welcome aboard');
    expect(screen.getByText('(last version that rendered)')).toBeTruthy();

    fireEvent.change(editor, { target: { value: SOURCE } });
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Preview error' })).toBeNull());
  });

  it('saves the edited source', async () => {
    const saved: unknown[] = [];
    stubEmail({
      [`PATCH ${BASE}/internal/email-templates/t1`]: (request) => {
        saved.push(request.body);
        return json({ rendered_html: '<p>ok</p>' });
      },
    });
    const user = await openWelcome();
    const editor = screen.getByRole('textbox', { name: 'Welcome source' });
    fireEvent.change(editor, { target: { value: SOURCE.replace('aboard', 'again') } });
    await user.click(screen.getByRole('button', { name: 'Save Welcome' }));
    await waitFor(() => expect(saved).toEqual([{ tsx_source: SOURCE.replace('aboard', 'again') }]));
  });

  it('sends a test email through the SMTP server and shows the result or the error', async () => {
    const sent: unknown[] = [];
    let fail = false;
    stubEmail({
      [`POST ${BASE}/internal/send-test-email`]: (request) => {
        sent.push(request.body);
        return json(
          fail
            ? { success: false, error_message: 'connect ECONNREFUSED 127.0.0.1:2525' }
            : { success: true },
        );
      },
    });
    const user = userEvent.setup();
    renderAt('/', [{ path: '/', element: <EmailTemplatesSection /> }]);
    const form = await screen.findByRole('form', { name: 'Send test email' });
    const recipient = within(form).getByRole('textbox', { name: 'Test email recipient' });
    await waitFor(() => expect((recipient as HTMLInputElement).disabled).toBe(false));
    await user.type(recipient, 'ops@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send test email' }));
    expect((await within(form).findByRole('status')).textContent).toContain(
      'Test email sent to ops@example.com.',
    );
    expect(sent).toEqual([
      {
        recipient_email: 'ops@example.com',
        email_config: {
          host: 'smtp.example',
          port: 2525,
          username: 'mailer',
          password: 'secret',
          sender_name: 'ipick',
          sender_email: 'noreply@ipick.example',
        },
      },
    ]);

    fail = true;
    await user.click(within(form).getByRole('button', { name: 'Send test email' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'connect ECONNREFUSED 127.0.0.1:2525',
    );
  });
});
