import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createMailer, type Mailer } from './mailer.ts';

let testDb: TestDatabase;
let inbox: SmtpInbox | undefined;
let mailer: Mailer | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.dispose();
});
afterEach(async () => {
  await mailer?.close();
  await inbox?.close();
  mailer = undefined;
  inbox = undefined;
});

/** A pino logger whose lines the test can read. */
function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

function outboxRowsFor(to: string) {
  return testDb.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .execute();
}

// Longer than a 76-character line, with the `=` and `&` that quoted-printable must escape.
const LONG_LINK =
  'http://localhost:3000/verify-email?code=' +
  'Zm9vYmFyYmF6cXV4'.repeat(6) +
  '==&next=%2Fsaved%3Fsort%3Dprice&nonce=a1b2c3d4e5f6';

describe('mailer', () => {
  it('sends over SMTP: the link arrives intact and the outbox says sent', async () => {
    inbox = await startSmtpInbox();
    const { logger } = captureLogger();
    mailer = createMailer({
      smtpUrl: inbox.url,
      mailFrom: 'ipick <no-reply@ipick.local>',
      db: testDb.database.db,
      logger,
    });

    await mailer.send({
      to: 'ada@example.com',
      subject: 'Confirm your email — ipick',
      text: `Hello,\n\nConfirm your email: ${LONG_LINK}\n\nipick`,
      html: `<p>Confirm your email: <a href="${LONG_LINK}">confirm</a></p>`,
    });

    const mail = await inbox.waitForMail('Ada@Example.com');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.from).toBe('no-reply@ipick.local');
    expect(mail.subject).toBe('Confirm your email — ipick');
    expect(mail.raw).not.toContain(LONG_LINK); // it was encoded on the wire, and decoded here
    expect(extractLink(mail.text, '/verify-email').href).toBe(LONG_LINK);
    expect(mail.html).toContain(`href="${LONG_LINK}"`);

    const rows = await outboxRowsFor('ada@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: 'Confirm your email — ipick',
      text_body: expect.stringContaining(LONG_LINK) as unknown,
      html_body: expect.stringContaining(LONG_LINK) as unknown,
      status: 'sent',
      error: null,
    });
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);
  });

  it('without SMTP, keeps the message in the outbox and logs it with its link', async () => {
    const { logger, lines } = captureLogger();
    mailer = createMailer({
      smtpUrl: null,
      mailFrom: 'ipick <no-reply@ipick.local>',
      db: testDb.database.db,
      logger,
    });

    await mailer.send({
      to: 'grace@example.com',
      subject: 'Reset your password',
      text: `Reset it here: ${LONG_LINK}`,
    });

    const rows = await outboxRowsFor('grace@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: 'Reset your password',
      html_body: null,
      status: 'logged',
      error: null,
      sent_at: null,
    });
    const logged = lines.find((line) => JSON.stringify(line).includes('grace@example.com'));
    expect(logged).toMatchObject({ level: 30 }); // info
    const mail = logged!.mail as { text: string; subject: string };
    expect(mail.subject).toBe('Reset your password');
    expect(extractLink(mail.text, '/verify-email').href).toBe(LONG_LINK);
  });

  it('rejects with a clear error when the SMTP server cannot be reached, and records it', async () => {
    const closed = await startSmtpInbox();
    await closed.close(); // nothing listens on its port any more
    const { logger } = captureLogger();
    mailer = createMailer({
      smtpUrl: closed.url,
      mailFrom: 'ipick <no-reply@ipick.local>',
      db: testDb.database.db,
      logger,
    });

    await expect(
      mailer.send({ to: 'linus@example.com', subject: 'Welcome', text: 'Hi' }),
    ).rejects.toThrow(/Could not send the email "Welcome": .*ECONNREFUSED/);

    const rows = await outboxRowsFor('linus@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', sent_at: null });
    expect(rows[0]!.error).toMatch(/ECONNREFUSED/);
  });
});

describe('extractLink', () => {
  it('finds the first http(s) link under the path, ignoring others and punctuation', () => {
    const text =
      'See https://ipick.local/help. Then open (https://ipick.local/verify-email?code=a%3Db&x=1).';
    expect(extractLink(text, '/verify-email').href).toBe(
      'https://ipick.local/verify-email?code=a%3Db&x=1',
    );
    expect(() => extractLink(text, '/reset-password')).toThrow(/No link to \/reset-password/);
  });
});
