import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { IdentityRepository } from '../core/identity-repository.ts';
import { Projects } from '../core/projects.ts';
import { identityClient, updateProjectConfig } from '../../../../test/identity-client.ts';
import { extractLink, startSmtpInbox } from '../../../../test/smtp-inbox.ts';
import { DEFAULT_TEMPLATE_IDS, DEFAULT_THEME_ID } from './default-templates.ts';

/** Email templates, themes, rendering and sending over `/api/v1`. */
let identity: IdentityApp;
let api: IdentityApp['api'];
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  identity = await startIdentityApp({ smtp: true });
  ({ api } = identity);
  adminHeaders = {
    'x-stack-access-type': 'admin',
    'x-stack-super-secret-admin-key': identity.keys.superSecretAdminKey,
  };
});
afterAll(() => identity?.close());

const asAdmin = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): ReturnType<IdentityApp['api']['call']> =>
  api.call(method, path, { tier: 'server', headers: adminHeaders, body });

const TEMPLATE = `import { Heading, Text } from '@react-email/components';
import { Subject, NotificationCategory, Props } from '@stackframe/emails';
export function EmailTemplate({ user, variables }: Props<{ greeting: string }>) {
  return (
    <>
      <Subject value={'Hello ' + variables.greeting} />
      <NotificationCategory value="Marketing" />
      <Heading>{variables.greeting}, {user.displayName ?? 'friend'}</Heading>
      <Text>Prices dropped <b>today</b>.</Text>
    </>
  );
}
EmailTemplate.PreviewVariables = { greeting: 'Howdy <there>' };
`;

describe('email templates and themes', () => {
  it('lists the five identity templates and the default theme', async () => {
    const templates = await asAdmin('GET', '/internal/email-templates');
    expect(templates.statusCode).toBe(200);
    const ids = templates
      .json<{ templates: { id: string; tsx_source: string }[] }>()
      .templates.map((template) => template.id);
    expect(ids).toEqual(Object.values(DEFAULT_TEMPLATE_IDS));
    const themes = await asAdmin('GET', '/internal/email-themes');
    expect(themes.json()).toEqual({
      themes: [{ id: DEFAULT_THEME_ID, display_name: 'Default Light' }],
    });
  });

  it('creates a template, and PATCH stores its source and answers its rendered html', async () => {
    const created = await asAdmin('POST', '/internal/email-templates', { display_name: 'Deals' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: string }>();
    const patched = await asAdmin('PATCH', `/internal/email-templates/${id}`, {
      tsx_source: TEMPLATE,
      theme_id: DEFAULT_THEME_ID,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const html = patched.json<{ rendered_html: string }>().rendered_html;
    expect(html).toMatch(/^<!DOCTYPE html><html/);
    // Variables are text, never markup: the preview's <there> is escaped.
    expect(html).toContain('Howdy &lt;there&gt;, John Doe');
    expect(html).toContain('<b>today</b>');
    const listed = await asAdmin('GET', '/internal/email-templates');
    expect(
      listed
        .json<{ templates: { id: string; tsx_source: string; theme_id: unknown }[] }>()
        .templates.find((template) => template.id === id),
    ).toMatchObject({ display_name: 'Deals', tsx_source: TEMPLATE, theme_id: DEFAULT_THEME_ID });
  });

  it('creates and edits a theme, and render-email combines theme and template', async () => {
    const created = await asAdmin('POST', '/internal/email-themes', { display_name: 'Brand' });
    const { id } = created.json<{ id: string }>();
    const theme = `export function EmailTheme({ children }) {
      return <html><body><div id="brand">{children}</div></body></html>;
    }`;
    const patched = await asAdmin('PATCH', `/internal/email-themes/${id}`, { tsx_source: theme });
    expect(patched.statusCode, patched.body).toBe(200);
    const read = await asAdmin('GET', `/internal/email-themes/${id}`);
    expect(read.json()).toEqual({ id, display_name: 'Brand', tsx_source: theme });

    const rendered = await asAdmin('POST', '/emails/render-email', {
      theme_id: id,
      template_tsx_source: TEMPLATE,
    });
    expect(rendered.statusCode, rendered.body).toBe(200);
    expect(rendered.json()).toMatchObject({
      subject: 'Hello Howdy <there>',
      notification_category: 'Marketing',
    });
    expect(rendered.json<{ html: string }>().html).toContain('<div id="brand"><h1>Howdy');

    const byIds = await asAdmin('POST', '/emails/render-email', {
      theme_tsx_source: theme,
      template_id: DEFAULT_TEMPLATE_IDS.password_reset,
    });
    expect(byIds.json<{ html: string }>().html).toContain('Reset your password');

    const unknown = await asAdmin('GET', `/internal/email-themes/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('deleting templates and themes', () => {
  it('deletes a theme and a template, and restores a default template to its built-in source', async () => {
    const theme = (await asAdmin('POST', '/internal/email-themes', { display_name: 'Gone' })).json<{
      id: string;
    }>().id;
    expect((await asAdmin('DELETE', `/internal/email-themes/${theme}`)).json()).toEqual({
      success: true,
    });
    expect((await asAdmin('GET', `/internal/email-themes/${theme}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/internal/email-themes/${theme}`)).statusCode).toBe(404);

    const id = DEFAULT_TEMPLATE_IDS.email_verification;
    const sourceOf = async () =>
      (await asAdmin('GET', '/internal/email-templates'))
        .json<{ templates: { id: string; tsx_source: string }[] }>()
        .templates.find((template) => template.id === id)!.tsx_source;
    const builtIn = await sourceOf();
    const edited = 'export function EmailTemplate() { return <p>edited</p> }';
    await asAdmin('PATCH', `/internal/email-templates/${id}`, { tsx_source: edited });
    expect(await sourceOf()).toBe(edited);
    expect((await asAdmin('DELETE', `/internal/email-templates/${id}`)).statusCode).toBe(200);
    expect(await sourceOf()).toBe(builtIn);
  });
});

describe('the template sandbox', () => {
  const refused = async (template: string, problem: RegExp) => {
    const started = Date.now();
    const response = await asAdmin('POST', '/emails/render-email', {
      template_tsx_source: template,
    });
    expectKnownError(response, 400, 'EMAIL_RENDERING_ERROR');
    expect(response.json<{ details: { error: string } }>().details.error).toMatch(problem);
    // The server keeps answering, at once.
    const health = await identity.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    return Date.now() - started;
  };

  it('stops a template that loops forever', async () => {
    const ms = await refused(
      'export function EmailTemplate() { while (true) {} }',
      /ran longer than 500 ms/,
    );
    expect(ms).toBeLessThan(5000);
  });

  it('gives a template no process, require or Function escape to the server', async () => {
    await refused(
      'export function EmailTemplate() { return String(process.env.DATABASE_URL) }',
      /'process' is not defined.*sandbox/,
    );
    await refused(
      'export function EmailTemplate() { return require("fs").readFileSync("/etc/passwd", "utf8") }',
      /Cannot import "fs"/,
    );
    await refused(
      'export function EmailTemplate() { return (0, eval)("typeof require + typeof process") === "undefinedundefined" ? globalThis.constructor.constructor("return process")() : "x" }',
      /'process' is not defined/,
    );
    await refused(
      'import { readFileSync } from "node:fs"; export function EmailTemplate() { return readFileSync("/etc/passwd") }',
      /Cannot import "node:fs"/,
    );
  });

  it('names a template that throws, recurses without end, or does not compile', async () => {
    await refused('export function EmailTemplate() { throw new Error("boom") }', /Error: boom/);
    await refused(
      'export function EmailTemplate() { const f = () => f(); return f() }',
      /recursed too deeply/,
    );
    await refused('export function EmailTemplate( { return 1 }', /template line 1, column/);
    await refused('export const x = 1', /must export a function named EmailTemplate/);
  });

  it('stops a template that allocates without end', async () => {
    await refused(
      'export function EmailTemplate() { let s = []; while (true) s.push(new Array(100000).fill(1)); }',
      /ran longer than|more than 64 MB/,
    );
  });

  it('refuses a 5 MB template and a 300 KB one, naming the limit', async () => {
    const huge = await asAdmin('POST', '/emails/render-email', {
      template_tsx_source: `export function EmailTemplate() { return "${'x'.repeat(5 * 1024 * 1024)}" }`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain('at most 256 KB');
    const large = await asAdmin(
      'PATCH',
      `/internal/email-templates/${DEFAULT_TEMPLATE_IDS.magic_link}`,
      {
        tsx_source: `export function EmailTemplate() { return "${'x'.repeat(300 * 1024)}" }`,
      },
    );
    expectKnownError(large, 400, 'SCHEMA_ERROR');
    expect(large.body).toContain('at most 256 KB');
    const health = await identity.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('keeps the stored template when a new source does not render', async () => {
    const id = DEFAULT_TEMPLATE_IDS.sign_in_invitation;
    const response = await asAdmin('PATCH', `/internal/email-templates/${id}`, {
      tsx_source: 'export function EmailTemplate() { throw new Error("nope") }',
    });
    expectKnownError(response, 400, 'EMAIL_RENDERING_ERROR');
    const listed = await asAdmin('GET', '/internal/email-templates');
    const stored = listed
      .json<{ templates: { id: string; tsx_source: string }[] }>()
      .templates.find((template) => template.id === id)!;
    expect(stored.tsx_source).not.toContain('nope');
  });
});

describe('identity mail through the project template', () => {
  it('sends the password reset from the edited template and theme, and lists it as sent', async () => {
    const user = await signUpWithPassword(api);
    const template = `import { Subject } from '@stackframe/emails';
export function EmailTemplate({ project, variables }) {
  return <><Subject value={'Custom reset for ' + project.displayName} /><p>Pick a new password: <a href={variables.passwordResetLink}>{variables.passwordResetLink}</a></p></>;
}
EmailTemplate.PreviewVariables = { passwordResetLink: 'https://example.com/reset' };`;
    const patched = await asAdmin(
      'PATCH',
      `/internal/email-templates/${DEFAULT_TEMPLATE_IDS.password_reset}`,
      { tsx_source: template },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    const asked = await api.call('POST', '/auth/password/send-reset-code', {
      body: { email: user.email, callback_url: 'http://localhost:3000/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await identity.inbox!.waitForMail(user.email);
    expect(mail.subject).toBe('Custom reset for ipick');
    expect(mail.html).toContain('Pick a new password');
    // The default theme wraps it.
    expect(mail.html).toContain('<!DOCTYPE html>');
    expect(extractLink(mail.text, '/reset-password').searchParams.get('code')).toBeTruthy();

    // The reset mail goes out in the background; its log entry follows the SMTP server's answer.
    const sentTo = async () => {
      const sent = await asAdmin('GET', '/internal/emails');
      expect(sent.statusCode).toBe(200);
      return sent
        .json<{ items: { to: string[] }[] }>()
        .items.find((item) => item.to[0] === user.email);
    };
    await expect.poll(sentTo).toBeDefined();
    expect(await sentTo()).toMatchObject({
      to: [user.email],
      subject: 'Custom reset for ipick',
      error: null,
      sent_at_millis: expect.any(Number) as number,
    });
  });

  it('sends a sign-in invitation from its template to a trusted callback', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const response = await asAdmin('POST', '/internal/send-sign-in-invitation', {
      email,
      callback_url: 'http://localhost:3000/handler/sign-in',
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await identity.inbox!.waitForMail(email);
    expect(mail.subject).toBe('You are invited to sign in to ipick');
    expect(extractLink(mail.text, '/handler/sign-in').href).toBe(
      'http://localhost:3000/handler/sign-in',
    );
    const untrusted = await asAdmin('POST', '/internal/send-sign-in-invitation', {
      email,
      callback_url: 'https://evil.example/sign-in',
    });
    expect(untrusted.statusCode).toBe(400);
  });
});

describe('sending', () => {
  it("sends identity mail over the project's own SMTP server when its email_config names one", async () => {
    const projectInbox = await startSmtpInbox();
    const { db } = identity.testDb.database;
    try {
      await updateProjectConfig(db, identity.keys.projectId, {
        email_config: {
          type: 'standard',
          host: '127.0.0.1',
          port: Number(new URL(projectInbox.url).port),
          username: '',
          password: '',
          sender_name: 'Corner shop',
          sender_email: 'hello@corner.example',
        },
      });
      const email = `own-server-${Date.now()}@example.com`;
      const response = await asAdmin('POST', '/internal/send-sign-in-invitation', {
        email,
        callback_url: 'http://localhost:3000/handler/sign-in',
      });
      expect(response.statusCode, response.body).toBe(200);
      const mail = await projectInbox.waitForMail(email);
      expect(mail.from).toBe('hello@corner.example');
      expect(identity.inbox!.messages.some((m) => m.to === email)).toBe(false);
    } finally {
      await updateProjectConfig(db, identity.keys.projectId, { email_config: { type: 'shared' } });
      await projectInbox.close();
    }
  });

  it('send-test-email reaches a real SMTP server, and reports a dead one in the body', async () => {
    const inbox = await startSmtpInbox();
    try {
      const port = Number(new URL(inbox.url).port);
      const ok = await asAdmin('POST', '/internal/send-test-email', {
        recipient_email: 'operator@example.com',
        email_config: {
          host: '127.0.0.1',
          port,
          username: '',
          password: '',
          sender_name: 'ipick',
          sender_email: 'noreply@example.com',
        },
      });
      expect(ok.json()).toEqual({ success: true });
      const mail = await inbox.waitForMail('operator@example.com');
      expect(mail.subject).toBe('Test email');
      expect(mail.from).toBe('noreply@example.com');
    } finally {
      await inbox.close();
    }
    const dead = await asAdmin('POST', '/internal/send-test-email', {
      recipient_email: 'operator@example.com',
      email_config: {
        host: '127.0.0.1',
        port: 1,
        username: '',
        password: '',
        sender_name: 'ipick',
        sender_email: 'noreply@example.com',
      },
    });
    expect(dead.statusCode).toBe(200);
    const failure = dead.json<{ success: boolean; error_message: string }>();
    expect(failure.success).toBe(false);
    expect(failure.error_message).toMatch(/ECONNREFUSED|connect/i);
  });

  it('send-email mails each user but the one who turned the category off', async () => {
    const keen = await signUpWithPassword(api);
    const optedOut = await signUpWithPassword(api);
    const off = await api.call(
      'PATCH',
      '/emails/notification-preference/me/4f6f8873-3d04-46bd-8bef-18338b1a1b4c',
      { accessToken: optedOut.token, body: { enabled: false } },
    );
    expect(off.statusCode).toBe(200);
    const created = await asAdmin('POST', '/internal/email-templates', { display_name: 'Deal' });
    const { id } = created.json<{ id: string }>();
    await asAdmin('PATCH', `/internal/email-templates/${id}`, { tsx_source: TEMPLATE });

    const sent = await api.call('POST', '/emails/send-email', {
      tier: 'server',
      body: {
        user_ids: [keen.id, optedOut.id],
        template_id: id,
        variables: { greeting: 'Good news' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ results: [{ user_id: keen.id }] });
    const mail = await identity.inbox!.waitForMail(keen.email);
    expect(mail.subject).toBe('Hello Good news');
    expect(mail.text).toContain('Prices dropped today.');
    expect(identity.inbox!.messages.some((m) => m.to === optedOut.email.toLowerCase())).toBe(false);

    // Transactional html reaches both: it cannot be turned off.
    const html = await api.call('POST', '/emails/send-email', {
      tier: 'server',
      body: {
        user_ids: [keen.id, optedOut.id],
        html: '<p>Your order shipped</p>',
        subject: 'Shipped',
        notification_category_name: 'Transactional',
        theme_id: false,
      },
    });
    expect(html.json()).toEqual({ results: [{ user_id: keen.id }, { user_id: optedOut.id }] });
    expect((await identity.inbox!.waitForMail(optedOut.email)).html).toBe(
      '<p>Your order shipped</p>',
    );

    const nobody = await api.call('POST', '/emails/send-email', {
      tier: 'server',
      body: { user_ids: [randomUUID()], html: '<p>x</p>', subject: 'x' },
    });
    expectKnownError(nobody, 400, 'USER_ID_DOES_NOT_EXIST');
    const both = await api.call('POST', '/emails/send-email', {
      tier: 'server',
      body: { user_ids: [keen.id], html: '<p>x</p>', template_id: id },
    });
    expectKnownError(both, 400, 'SCHEMA_ERROR');
  });
});

describe('access', () => {
  const adminEndpoints: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
    ['DELETE', `/internal/email-templates/${DEFAULT_TEMPLATE_IDS.magic_link}`, undefined],
    ['DELETE', `/internal/email-themes/${DEFAULT_THEME_ID}`, undefined],
    ['GET', '/internal/email-templates', undefined],
    ['POST', '/internal/email-templates', { display_name: 'x' }],
    ['PATCH', `/internal/email-templates/${DEFAULT_TEMPLATE_IDS.magic_link}`, { tsx_source: 'x' }],
    ['GET', '/internal/email-themes', undefined],
    ['POST', '/internal/email-themes', { display_name: 'x' }],
    ['GET', `/internal/email-themes/${DEFAULT_THEME_ID}`, undefined],
    ['PATCH', `/internal/email-themes/${DEFAULT_THEME_ID}`, { tsx_source: 'x' }],
    ['POST', '/emails/render-email', { template_tsx_source: 'x' }],
    ['POST', '/internal/send-test-email', {}],
    ['GET', '/internal/emails', undefined],
    ['POST', '/internal/send-sign-in-invitation', {}],
  ];

  /** A user of the internal project who owns a project of their own, not ipick's. */
  async function projectOwner() {
    const projects = new Projects(
      new IdentityRepository(identity.testDb.database.db),
      identity.baseUrl,
    );
    const internal = await projects.ensureInternalProject();
    const internalKeys = await projects.ensureKeys(internal.id);
    const internalApi = identityClient(identity.app, { ...internalKeys, projectId: 'internal' });
    const owner = await signUpWithPassword(internalApi);
    const created = await internalApi.call('POST', '/internal/projects', {
      accessToken: owner.token,
      body: { display_name: 'Side project' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { token: owner.token, projectId: created.json<{ id: string }>().id };
  }

  it('refuses client and server keys, a wrong or revoked admin key and another project owner on every admin endpoint', async () => {
    const created = await asAdmin('POST', '/internal/api-keys', {
      description: 'soon revoked',
      expires_at_millis: Date.now() + 86_400_000,
      has_publishable_client_key: false,
      has_secret_server_key: false,
      has_super_secret_admin_key: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const revokedKey = created.json<{ id: string; super_secret_admin_key: string }>();
    const revoke = await asAdmin('PATCH', `/internal/api-keys/${revokedKey.id}`, { revoked: true });
    expect(revoke.statusCode).toBe(200);
    const owner = await projectOwner();

    for (const [method, path, body] of adminEndpoints) {
      for (const tier of ['client', 'server'] as const) {
        const response = await api.call(method, path, { tier, body });
        expectKnownError(response, 401, 'INSUFFICIENT_ACCESS_TYPE');
      }
      for (const key of ['sak_wrong', revokedKey.super_secret_admin_key]) {
        const response = await api.call(method, path, {
          tier: 'server',
          headers: { ...adminHeaders, 'x-stack-super-secret-admin-key': key },
          body,
        });
        expectKnownError(response, 401, 'INVALID_SUPER_SECRET_ADMIN_KEY');
      }
      const otherOwner = await api.call(method, path, {
        tier: 'server',
        headers: { 'x-stack-access-type': 'admin', 'x-stack-admin-access-token': owner.token },
        body,
      });
      expectKnownError(otherOwner, 401, 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN');
    }
  }, 60_000);

  it("lets a project's owner edit that project's templates, which no other project sees", async () => {
    const owner = await projectOwner();
    const ownerCall = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      identity.app.inject({
        method,
        url: `/api/v1${path}`,
        headers: {
          'x-stack-project-id': owner.projectId,
          'x-stack-access-type': 'admin',
          'x-stack-admin-access-token': owner.token,
        },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    const created = await ownerCall('POST', '/internal/email-templates', {
      display_name: 'Side project news',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: string }>();
    const names = async (response: Promise<{ json: <T>() => T }>) =>
      (await response)
        .json<{ templates: { id: string; display_name: string }[] }>()
        .templates.map((template) => template.id);
    expect(await names(ownerCall('GET', '/internal/email-templates'))).toContain(id);
    expect(await names(asAdmin('GET', '/internal/email-templates'))).not.toContain(id);
  }, 60_000);

  it('refuses send-email to the client tier', async () => {
    const user = await signUpWithPassword(api);
    const response = await api.call('POST', '/emails/send-email', {
      accessToken: user.token,
      body: { user_ids: [user.id], html: '<p>x</p>', subject: 'x' },
    });
    expectKnownError(response, 401, 'INSUFFICIENT_ACCESS_TYPE');
  });
});
