import { mailCatcher } from './ports.ts';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for the next email to `to` that reached the local mail server. */
export async function nextMailTo(to: string): Promise<CaughtMail> {
  const response = await fetch(
    `http://127.0.0.1:${mailCatcher.httpPort}/mail?to=${encodeURIComponent(to)}&wait=10000`,
  );
  if (!response.ok) throw new Error(`No mail for ${to}: ${await response.text()}`);
  return (await response.json()) as CaughtMail;
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in: ${mail.text}`);
  return link;
}
