import * as stack2_8_108 from '@stackframe/js';
import * as stack2_8_102 from 'stackframe-js-2-8-102';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../../test/smtp-inbox.ts';
import { DEFAULT_TEMPLATE_IDS } from './default-templates.ts';

/**
 * The published admin client (`StackAdminApp`, @stackframe/js pinned at 2.8.108 and 2.8.102)
 * edits a template, previews it and sends a test mail that a real SMTP server receives.
 */
type Sdk = typeof stack2_8_108;
const sdks: { version: string; sdk: Sdk }[] = [
  { version: '2.8.108', sdk: stack2_8_108 },
  { version: '2.8.102', sdk: stack2_8_102 as unknown as Sdk },
];

let identity: IdentityApp;
let inbox: SmtpInbox;
let adminKey: string;

beforeAll(async () => {
  identity = await startIdentityApp({ listen: true });
  inbox = await startSmtpInbox();
  adminKey = identity.keys.superSecretAdminKey;
});
afterAll(async () => {
  await identity?.close();
  await inbox?.close();
});

describe.each(sdks)('StackAdminApp $version: email templates', ({ version, sdk }) => {
  const adminApp = () =>
    new sdk.StackAdminApp({
      baseUrl: identity.baseUrl,
      projectId: identity.keys.projectId,
      publishableClientKey: identity.keys.publishableClientKey,
      secretServerKey: identity.keys.secretServerKey,
      superSecretAdminKey: adminKey,
      tokenStore: 'memory',
    });

  it('edits a template, previews it and sends a test mail over SMTP', async () => {
    const admin = adminApp();
    const templates = await admin.listEmailTemplates();
    expect(templates.map((template) => template.id)).toEqual(
      expect.arrayContaining(Object.values(DEFAULT_TEMPLATE_IDS)),
    );

    const source = `import { Subject } from '@stackframe/emails';
export function EmailTemplate({ project }) {
  return <><Subject value="Welcome" /><p>Welcome to {project.displayName}, from ${version}</p></>;
}`;
    const { renderedHtml } = await admin.updateEmailTemplate(
      DEFAULT_TEMPLATE_IDS.sign_in_invitation,
      source,
      null,
    );
    expect(renderedHtml).toContain(`Welcome to ipick, from ${version}`);
    const edited = (await admin.listEmailTemplates()).find(
      (template) => template.id === DEFAULT_TEMPLATE_IDS.sign_in_invitation,
    );
    expect(edited?.tsxSource).toBe(source);

    const themes = await admin.listEmailThemes();
    const preview = await admin.getEmailPreview({
      themeId: themes[0]!.id,
      templateTsxSource: source,
    });
    expect(preview).toMatch(/^<!DOCTYPE html>.*Welcome to ipick/s);

    const recipient = `operator-${version}@example.com`;
    const result = await admin.sendTestEmail({
      recipientEmail: recipient,
      emailConfig: {
        host: '127.0.0.1',
        port: Number(new URL(inbox.url).port),
        username: '',
        password: '',
        senderEmail: 'noreply@example.com',
        senderName: 'ipick',
      },
    });
    expect(result.status).toBe('ok');
    expect((await inbox.waitForMail(recipient)).subject).toBe('Test email');
  });

  it('sends a sign-in invitation and lists it among the sent emails', async () => {
    const admin = adminApp();
    const email = `invitee-${version}@example.com`;
    await admin.sendSignInInvitationEmail(email, `${identity.baseUrl}/handler/sign-in`);
    const sent = await admin.listSentEmails();
    expect(sent.find((mail) => mail.recipient === email)).toMatchObject({
      to: [email],
      error: null,
    });
  });
});
