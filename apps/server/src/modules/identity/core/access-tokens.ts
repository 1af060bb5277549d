import { randomUUID, type webcrypto } from 'node:crypto';
import {
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import type { IdentityRepository } from './identity-repository.ts';
import { knownErrors } from './known-errors.ts';
import { restrictedReason } from './user-presenter.ts';

type CryptoKey = webcrypto.CryptoKey;

/** Access tokens live 10 minutes (stack-auth.md §2.1); clients refresh them before expiry. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 10 * 60;
const ALGORITHM = 'ES256';

/** What an access token says about its user; clients decode and check every claim. */
export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  displayName: string | null;
  email: string | null;
  emailVerified: boolean;
  selectedTeamId: string | null;
  signedUpAt: Date;
  isAnonymous: boolean;
  restrictedByAdmin: boolean;
  requiresTotpMfa: boolean;
}

/**
 * Anonymous and restricted users get tokens of their own audience and issuer, so that a
 * verifier that does not opt into them cannot take them for a full user's (stack-auth.md §2.1).
 */
type Audience = 'full' | 'anonymous' | 'restricted';
const audienceSuffix: Record<Audience, string> = {
  full: '',
  anonymous: ':anon',
  restricted: ':restricted',
};
const issuerPath: Record<Audience, string> = {
  full: '/projects/',
  anonymous: '/projects-anonymous-users/',
  restricted: '/projects-restricted-users/',
};
const audiences = Object.keys(audienceSuffix) as Audience[];

export interface VerifiedAccessToken {
  userId: string;
  sessionId: string | null;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Signs and verifies ES256 access tokens per project. Keys live in the database (so every
 * process behind a load balancer signs and verifies alike) and are cached here.
 */
export class AccessTokens {
  readonly #repository: IdentityRepository;
  readonly #apiBase: string;
  readonly #signingKeys = new Map<string, Promise<SigningKey>>();
  readonly #verifyKeys = new Map<string, CryptoKey>();

  constructor(repository: IdentityRepository, publicUrl: string) {
    this.#repository = repository;
    this.#apiBase = `${publicUrl}/api/v1`;
  }

  async sign(projectId: string, subject: AccessTokenSubject): Promise<string> {
    const key = await this.#signingKey(projectId);
    const reason = restrictedReason(subject);
    const audience: Audience =
      reason === null ? 'full' : subject.isAnonymous ? 'anonymous' : 'restricted';
    return new SignJWT({
      project_id: projectId,
      branch_id: 'main',
      refresh_token_id: subject.sessionId,
      role: 'authenticated',
      name: subject.displayName,
      email: subject.email,
      email_verified: subject.emailVerified,
      selected_team_id: subject.selectedTeamId,
      signed_up_at: Math.floor(subject.signedUpAt.getTime() / 1000),
      is_anonymous: subject.isAnonymous,
      is_restricted: reason !== null,
      restricted_reason: reason,
      requires_totp_mfa: subject.requiresTotpMfa,
    })
      .setProtectedHeader({ alg: ALGORITHM, kid: key.kid })
      .setSubject(subject.userId)
      .setIssuer(this.#issuer(projectId, audience))
      .setAudience(projectId + audienceSuffix[audience])
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_SECONDS}s`)
      .sign(key.privateKey);
  }

  /** Checks signature, audience, issuer and expiry, with the errors of stack-auth.md §1.3. */
  async verify(projectId: string, token: string): Promise<VerifiedAccessToken> {
    let kid: string | undefined;
    let claims: ReturnType<typeof decodeJwt>;
    try {
      kid = decodeProtectedHeader(token).kid;
      claims = decodeJwt(token);
    } catch {
      throw knownErrors.unparsableAccessToken();
    }
    const tokenProject = typeof claims.project_id === 'string' ? claims.project_id : null;
    if (tokenProject !== null && tokenProject !== projectId) {
      throw knownErrors.invalidProjectForAccessToken(projectId, tokenProject);
    }
    const key = kid ? await this.#verifyKey(projectId, kid) : null;
    if (!key) throw knownErrors.unparsableAccessToken();
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        // Every kind is accepted here; whether this request lets anonymous or restricted users
        // in is decided from the user as they are now (request-context.ts).
        audience: audiences.map((audience) => projectId + audienceSuffix[audience]),
        issuer: audiences.map((audience) => this.#issuer(projectId, audience)),
        clockTolerance: 30, // spec §9: clock tolerance 30 s
      });
      if (typeof payload.sub !== 'string') throw knownErrors.unparsableAccessToken();
      const sessionId =
        typeof payload.refresh_token_id === 'string' ? payload.refresh_token_id : null;
      return { userId: payload.sub, sessionId };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw knownErrors.accessTokenExpired({
          expiredAtMillis: (claims.exp ?? 0) * 1000,
          projectId,
          userId: typeof claims.sub === 'string' ? claims.sub : '',
          refreshTokenId:
            typeof claims.refresh_token_id === 'string' ? claims.refresh_token_id : null,
        });
      }
      if (error instanceof Error && error.name === 'KnownError') throw error;
      throw knownErrors.unparsableAccessToken();
    }
  }

  /** The project's public keys, for `/.well-known/jwks.json`. */
  async publicKeys(projectId: string): Promise<JWK[]> {
    await this.#signingKey(projectId); // a project always has at least one key to show
    const rows = await this.#repository.listSigningKeys(projectId);
    return rows.map((row) => row.publicJwk);
  }

  #issuer(projectId: string, audience: Audience): string {
    return `${this.#apiBase}${issuerPath[audience]}${projectId}`;
  }

  #signingKey(projectId: string): Promise<SigningKey> {
    let key = this.#signingKeys.get(projectId);
    if (!key) {
      key = this.#loadOrCreateSigningKey(projectId);
      key.catch(() => this.#signingKeys.delete(projectId));
      this.#signingKeys.set(projectId, key);
    }
    return key;
  }

  async #loadOrCreateSigningKey(projectId: string): Promise<SigningKey> {
    const newest = (await this.#repository.listSigningKeys(projectId)).at(-1);
    if (newest) {
      return {
        kid: newest.kid,
        privateKey: (await importJWK(newest.privateJwk, ALGORITHM)) as CryptoKey,
        publicJwk: newest.publicJwk,
      };
    }
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM };
    await this.#repository.insertSigningKey({ kid, projectId, privateJwk, publicJwk });
    // Two processes may race to create the first key; keep whichever is now the newest.
    const stored = (await this.#repository.listSigningKeys(projectId)).at(-1)!;
    return {
      kid: stored.kid,
      privateKey: (await importJWK(stored.privateJwk, ALGORITHM)) as CryptoKey,
      publicJwk: stored.publicJwk,
    };
  }

  async #verifyKey(projectId: string, kid: string): Promise<CryptoKey | null> {
    const cached = this.#verifyKeys.get(kid);
    if (cached) return cached;
    const row = (await this.#repository.listSigningKeys(projectId)).find((key) => key.kid === kid);
    if (!row) return null;
    const key = (await importJWK(row.publicJwk, ALGORITHM)) as CryptoKey;
    this.#verifyKeys.set(kid, key);
    return key;
  }
}
