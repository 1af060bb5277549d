import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { BaseLogger } from 'pino';
import type { DatabaseSchema, MailOutboxStatus } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; it carries any link in full, since it is what the offline log shows. */
  text: string;
  html?: string;
}

/**
 * Sends ipick's emails. Every message, sent or not, lands in `mail_outbox` so the admin can see
 * what went out (issue 3).
 */
export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or it was logged); rejects if not. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://` URL; null keeps mail in the outbox and the log (offline demo). */
  smtpUrl: string | null;
  mailFrom: string;
  db: Kysely<DatabaseSchema>;
  logger: Pick<BaseLogger, 'info' | 'warn'>;
}

/** A slow or silent mail server must not hold a request for minutes (nodemailer's defaults). */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/**
 * Sends over SMTP when a server is configured; otherwise writes each message, link included, to
 * the log at info level so an operator running the demo offline can still follow it.
 */
export function createMailer({ smtpUrl, mailFrom, db, logger }: MailerOptions): Mailer {
  // Options given in the URL's query (e.g. `?connectionTimeout=5000`) win over these defaults.
  const transport =
    smtpUrl === null ? null : nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });

  async function record(
    message: MailMessage,
    status: MailOutboxStatus,
    error: string | null = null,
  ): Promise<void> {
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        status,
        error,
        sent_at: status === 'sent' ? new Date() : null,
      })
      .execute();
  }

  return {
    async send(message) {
      if (transport === null) {
        await record(message, 'logged');
        logger.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'email not sent (SMTP_URL is not set); it is in the outbox',
        );
        return;
      }
      try {
        const { to, subject, text, html } = message;
        await transport.sendMail({ from: mailFrom, to, subject, text, html });
      } catch (error) {
        // The SMTP URL is never part of the message: it may hold the server's password.
        const reason = error instanceof Error ? error.message : String(error);
        await record(message, 'failed', reason);
        logger.warn({ mail: { to: message.to, subject: message.subject }, reason }, 'email failed');
        throw new Error(`Could not send the email "${message.subject}": ${reason}`, {
          cause: error,
        });
      }
      await record(message, 'sent');
    },
    async close() {
      transport?.close();
    },
  };
}
