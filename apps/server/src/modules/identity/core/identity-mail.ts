import type { OutgoingMail } from './accounts.ts';
import type { ProjectRecord } from './identity-repository.ts';

/** The mails the identity service sends on its own, each from a template of the project. */
export type IdentityMailKind =
  'email_verification' | 'password_reset' | 'magic_link' | 'team_invitation' | 'sign_in_invitation';

export interface IdentityMail {
  kind: IdentityMailKind;
  to: string;
  /** The recipient, when they have an account: templates may greet them by name. */
  user: { displayName: string | null } | null;
  /** What the template shows: links, codes, names (spec §3 "Email template"). */
  variables: Record<string, string>;
  /** The same mail as plain text, sent when no template renderer is plugged in. */
  plain: OutgoingMail;
}

/**
 * Sends an identity mail. The core and the teams capability send through this; the email
 * capability plugs in the renderer of the project's templates and theme.
 */
export type SendIdentityMail = (project: ProjectRecord, mail: IdentityMail) => Promise<void>;
