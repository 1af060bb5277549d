import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One delivery: a message as one recipient's mailbox received it. */
export interface ReceivedMail {
  /** The envelope recipient (RCPT TO) this copy was delivered to. */
  to: string;
  /** The envelope sender (MAIL FROM). */
  from: string;
  subject: string;
  /** The decoded text/plain part, line breaks as `\n`. */
  text: string;
  /** The decoded text/html part, when there is one. */
  html: string | null;
  /** The message exactly as it crossed the wire. */
  raw: string;
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  /** Every delivery so far, in the order received. */
  messages: ReceivedMail[];
  /**
   * The earliest delivery to `to` (case-insensitive) that no earlier call returned, waiting for
   * it when needed; so a test can wait for a first and then a second email to one address.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port, no TLS, no login needed), so tests send mail the
 * way production does and read it the way a person would, following the link in it.
 *
 * Messages are parsed here rather than with a mail parser package: headers (folded, RFC 2047
 * encoded words), nested multipart bodies, and quoted-printable or base64 parts, which covers
 * whatever nodemailer chooses for a body (quoted-printable wraps long lines with soft breaks
 * and writes `=` as `=3D`, so a long link only survives a real decoder).
 */
export async function startSmtpInbox(options: { port?: number } = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks).toString('latin1');
          const parsed = parseMessage(raw);
          const envelopeFrom = session.envelope.mailFrom;
          for (const recipient of session.envelope.rcptTo) {
            messages.push({
              to: recipient.address,
              from: envelopeFrom === false ? '' : envelopeFrom.address,
              subject: parsed.subject,
              text: parsed.text,
              html: parsed.html,
              raw,
            });
          }
          for (const wake of waiters) wake();
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  function takeFor(to: string): ReceivedMail | undefined {
    const wanted = to.toLowerCase();
    const mail = messages.find((m) => !taken.has(m) && m.to.toLowerCase() === wanted);
    if (mail) taken.add(mail);
    return mail;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = takeFor(to);
          if (!mail) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const seen = messages.map((m) => m.to).join(', ') || 'none';
          reject(new Error(`No email to ${to} within ${timeoutMs} ms (received for: ${seen})`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The first http(s) URL in `text` whose path starts with `pathPrefix`, e.g. the verification
 * link of an email. Throws when there is none, saying what the text held.
 */
export function extractLink(text: string, pathPrefix: string): URL {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    // A sentence's full stop or comma after a link is not part of it.
    const url = new URL(match[0].replace(/[.,;:!?]+$/, ''));
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No link to ${pathPrefix} in:\n${text}`);
}

interface ParsedPart {
  headers: Map<string, string>;
  body: string;
}

interface ParsedMessage {
  subject: string;
  text: string;
  html: string | null;
}

/** `raw` holds one character per byte (latin1), so bodies can be decoded in their charset. */
function parseMessage(raw: string): ParsedMessage {
  const root = parsePart(raw);
  let text: string | null = null;
  let html: string | null = null;
  for (const part of leafParts(root)) {
    const type = parseContentType(part.headers.get('content-type'));
    const isAttachment = /^\s*attachment/i.test(part.headers.get('content-disposition') ?? '');
    if (isAttachment) continue;
    if (type.value === 'text/plain' && text === null) text = decodeBody(part, type.charset);
    if (type.value === 'text/html' && html === null) html = decodeBody(part, type.charset);
  }
  return {
    subject: decodeHeaderValue(root.headers.get('subject') ?? ''),
    text: (text ?? '').replace(/\r\n/g, '\n'),
    html,
  };
}

function parsePart(raw: string): ParsedPart {
  const split = /\r?\n\r?\n/.exec(raw);
  const headerBlock = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  // A line starting with white space continues the header above it (folding).
  for (const line of headerBlock.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(part: ParsedPart): ParsedPart[] {
  const type = parseContentType(part.headers.get('content-type'));
  if (!type.value.startsWith('multipart/') || !type.boundary) return [part];
  const delimiter = `--${type.boundary}`;
  const children: ParsedPart[] = [];
  // A delimiter is a whole line (`--Part_1` must not match `--Part_10`), its CRLF before it.
  const sections = part.body.split(
    new RegExp(`(?:^|\\r?\\n)${escapeRegExp(delimiter)}(?=(?:--)?[ \\t]*(?:\\r?\\n|$))`),
  );
  // sections[0] is the preamble; a section starting with `--` is the closing delimiter.
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    children.push(...leafParts(parsePart(section.replace(/^[ \t]*\r?\n/, ''))));
  }
  return children;
}

function parseContentType(header: string | undefined): {
  value: string;
  charset: string;
  boundary: string | null;
} {
  const [value = '', ...params] = (header ?? 'text/plain').split(';');
  const param = (name: string) => {
    for (const item of params) {
      const eq = item.indexOf('=');
      if (eq > 0 && item.slice(0, eq).trim().toLowerCase() === name) {
        return item
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1');
      }
    }
    return null;
  };
  return {
    value: value.trim().toLowerCase(),
    charset: param('charset') ?? 'us-ascii',
    boundary: param('boundary'),
  };
}

function decodeBody(part: ParsedPart, charset: string): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else bytes = Buffer.from(part.body, 'latin1');
  return decodeCharset(bytes, charset);
}

/** RFC 2045 §6.7: `=` at a line's end is a soft break, `=XX` one byte. */
function decodeQuotedPrintable(body: string): Buffer {
  const unwrapped = body.replace(/[ \t]*=\r?\n/g, '');
  return latin1WithHexEscapes(unwrapped, /=([0-9A-Fa-f]{2})/g);
}

function latin1WithHexEscapes(text: string, escape: RegExp): Buffer {
  return Buffer.from(
    text.replace(escape, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8'); // an unknown label: UTF-8 is what nodemailer writes
  }
}

/** Header text: raw UTF-8 (SMTPUTF8) and RFC 2047 encoded words such as `=?UTF-8?Q?...?=`. */
function decodeHeaderValue(value: string): string {
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8
    .replace(/(\?=)\s+(?==\?)/g, '$1') // white space between encoded words is not text
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_, charset: string, kind: string, data: string) => {
        const bytes =
          kind.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64')
            : latin1WithHexEscapes(data.replace(/_/g, ' '), /=([0-9A-Fa-f]{2})/g);
        return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
      },
    );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
