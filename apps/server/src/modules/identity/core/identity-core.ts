import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';
import { AccessTokens } from './access-tokens.ts';
import { Accounts, type SendMail } from './accounts.ts';
import { IdentityEvents } from './identity-events.ts';
import { IdentityRepository, type ProjectRecord } from './identity-repository.ts';
import { Projects } from './projects.ts';
import { Sessions } from './sessions.ts';
import { VerificationCodes } from './verification-codes.ts';

export interface IdentityCoreOptions {
  db: Kysely<DatabaseSchema>;
  /** Where ipick is reached; token issuers and relative callback URLs resolve against it. */
  publicUrl: string;
  sendMail: SendMail;
  onBackgroundError: (error: unknown) => void;
}

/**
 * The identity service's core: projects, keys, sessions, tokens and users. Capabilities (teams,
 * permissions, API keys, ...) build on it; it knows none of them.
 */
/**
 * The token endpoint's `authorization_code` grant (stack-auth.md §3.6), answered by the OAuth
 * capability once the client's id and secret are checked. Its answer is sent as it is: OAuth
 * errors have their own JSON form.
 */
export type AuthorizationCodeGrant = (
  project: ProjectRecord,
  request: { code?: string; code_verifier?: string; redirect_uri?: string },
  ip: string | null,
) => Promise<{ status: number; body: Record<string, unknown> }>;

export interface IdentityCore {
  repository: IdentityRepository;
  /** Plugged in by the OAuth capability; without it the token endpoint only refreshes. */
  authorizationCodeGrant: AuthorizationCodeGrant | null;
  codes: VerificationCodes;
  projects: Projects;
  sessions: Sessions;
  accounts: Accounts;
  tokens: AccessTokens;
  /** Changes to users, teams, memberships and permissions; capabilities listen (webhooks). */
  events: IdentityEvents;
}

export function createIdentityCore(options: IdentityCoreOptions): IdentityCore {
  const repository = new IdentityRepository(options.db);
  const tokens = new AccessTokens(repository, options.publicUrl);
  const sessions = new Sessions(repository, tokens);
  const codes = new VerificationCodes(repository);
  const events = new IdentityEvents(options.onBackgroundError);
  const accounts = new Accounts({
    repository,
    sessions,
    codes,
    sendMail: options.sendMail,
    publicUrl: options.publicUrl,
    onBackgroundError: options.onBackgroundError,
  });
  accounts.events = events;
  return {
    repository,
    authorizationCodeGrant: null,
    codes,
    projects: new Projects(repository, options.publicUrl),
    sessions,
    accounts,
    tokens,
    events,
  };
}
