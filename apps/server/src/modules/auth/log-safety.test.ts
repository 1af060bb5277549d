import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { browserSession } from '../../../test/browser-session.ts';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { SHOPPER_COOKIE } from './session-cookies.ts';

let testDb: TestDatabase;
let inbox: SmtpInbox;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  // The most talkative level, so that anything that could leak would show up.
  app = await buildTestApp(
    testDb,
    { smtpUrl: inbox.url, logLevel: 'trace' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await app?.close();
  await inbox?.close();
  await testDb?.dispose();
});

it('never writes passwords, session tokens or reset codes to the log', async () => {
  const email = `logs-${Date.now()}@example.com`;
  const password = 'secret-password-one';
  const newPassword = 'secret-password-two';
  const browser = browserSession(app);
  await browser.post('/api/auth/register', { email, password });
  const sessionToken = browser.cookies.get(SHOPPER_COOKIE)!;
  await browser.get('/api/auth/me');
  await browser.post('/api/auth/login', { email, password: 'wrong-password-three' });
  await browser.post('/api/auth/forgot-password', { email });
  // Two mails arrive, the sign-up confirmation and the reset link, in either order.
  const mails = [await inbox.waitForMail(email), await inbox.waitForMail(email)];
  const resetMail = mails.find((mail) => mail.text.includes('/reset-password'))!;
  const code = extractLink(resetMail.text, '/reset-password').searchParams.get('code')!;
  await browser.post('/api/auth/reset-password', { code, password: newPassword });

  const log = logLines.join('');
  expect(log.length).toBeGreaterThan(0);
  for (const secret of [password, newPassword, 'wrong-password-three', sessionToken, code]) {
    expect(log).not.toContain(secret);
  }
});

it('redacts one-time codes and tokens in the addresses it logs', async () => {
  const code = 'one-time-code-1234567890abcdef';
  const token = 'invitation-token-abcdef1234567890';
  const browser = browserSession(app);
  const pages = [
    `/reset-password?code=${code}`,
    `/handler/magic-link-callback?code=${code}&after=%2F`,
    `/handler/email-verification?code=${code}`,
    `/business/invitations/accept?token=${token}`,
    `/api/business/invitations/details?token=${token}`,
  ];
  for (const page of pages) await browser.get(page, { accept: 'text/html' });
  const log = logLines.join('');
  expect(log).not.toContain(code);
  expect(log).not.toContain(token);
  // The rest of the address is still there to read.
  expect(log).toContain('/handler/magic-link-callback?code=[redacted]&after=%2F');
  expect(log).toContain('/api/business/invitations/details?token=[redacted]');
});
