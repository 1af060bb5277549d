import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Accounts, SignInResult } from '../core/accounts.ts';
import type { ProjectRecord, UserRecord } from '../core/identity-repository.ts';
import { KnownError } from '../core/known-errors.ts';
import { hashToken, randomToken } from '../core/secrets.ts';
import { resolveTrustedUrl } from '../core/trusted-urls.ts';
import { passkeyErrors } from './passkey-errors.ts';
import type { PasskeyRow, PasskeysRepository } from './passkeys-repository.ts';

/**
 * The RP id the options carry: the clients put the page's hostname in its place before they
 * call the browser (stack-auth.md §3.5), and the answer is checked against trusted domains.
 */
export const RP_ID_PLACEHOLDER = 'THIS_VALUE_WILL_BE_REPLACED.example.com';
const CEREMONY_TIMEOUT_MS = 60_000;
/** A challenge outlives its ceremony's timeout a little, for the answer's trip back. */
const CHALLENGE_LIFETIME_MS = CEREMONY_TIMEOUT_MS + 5_000;

/**
 * Passkeys (WebAuthn with SimpleWebAuthn): a signed-in user registers one, anyone signs in with
 * one. Each ceremony's challenge is stored behind a one-time code; the answer's origin must be
 * one of the project's trusted domains (localhost while allowed), its RP id that origin's host.
 */
export class Passkeys {
  readonly #repository: PasskeysRepository;
  readonly #accounts: Accounts;
  readonly #publicUrl: string;

  constructor(repository: PasskeysRepository, accounts: Accounts, publicUrl: string) {
    this.#repository = repository;
    this.#accounts = accounts;
    this.#publicUrl = publicUrl;
  }

  async initiateRegistration(project: ProjectRecord, user: UserRecord) {
    const existing = await this.#repository.listForUser(project.id, user.id);
    const options = await generateRegistrationOptions({
      rpName: project.displayName,
      rpID: RP_ID_PLACEHOLDER,
      // The user handle is the user's id: 36 bytes, within WebAuthn's 1 to 64 (spec §5).
      userID: new TextEncoder().encode(user.id),
      userName: user.primaryEmail ?? user.id,
      userDisplayName: user.displayName ?? user.primaryEmail ?? '',
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credential_id,
        transports: transportsOf(passkey),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const code = await this.#storeChallenge(project, user.id, 'registration', options.challenge);
    return { options_json: options, code };
  }

  async register(
    project: ProjectRecord,
    user: UserRecord,
    input: { credential: RegistrationResponseJSON; code: string },
  ): Promise<{ user_handle: string }> {
    const challenge = await this.#repository.redeemChallenge(
      project.id,
      'registration',
      hashToken(input.code),
    );
    if (!challenge || challenge.user_id !== user.id) {
      throw passkeyErrors.registrationFailed('the code is unknown, used or expired');
    }
    const origin = this.#trustedOrigin(
      project,
      input.credential.response.clientDataJSON,
      'registration',
    );
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin.origin,
        expectedRPID: origin.hostname,
        requireUserVerification: false,
      });
    } catch (error) {
      throw passkeyErrors.registrationFailed((error as Error).message);
    }
    if (!verification.verified) throw passkeyErrors.registrationFailed('not verified');
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    if (await this.#repository.findByCredentialId(project.id, credential.id)) {
      throw passkeyErrors.registrationFailed('this authenticator is already registered');
    }
    await this.#repository.insertPasskey({
      id: randomUUID(),
      projectId: project.id,
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    });
    await this.#accounts.update(project.id, user.id, { passkeyAuthEnabled: true });
    return { user_handle: user.id };
  }

  async initiateAuthentication(project: ProjectRecord) {
    if (!project.config.passkey_enabled) throw passkeyErrors.passkeyAuthenticationNotEnabled();
    const options = await generateAuthenticationOptions({
      rpID: RP_ID_PLACEHOLDER,
      allowCredentials: [], // discoverable credentials: the authenticator offers its own
      userVerification: 'preferred',
      timeout: CEREMONY_TIMEOUT_MS,
    });
    const code = await this.#storeChallenge(project, null, 'authentication', options.challenge);
    return { options_json: options, code };
  }

  async signIn(
    project: ProjectRecord,
    input: { response: AuthenticationResponseJSON; code: string; ip: string | null },
  ): Promise<SignInResult> {
    if (!project.config.passkey_enabled) throw passkeyErrors.passkeyAuthenticationNotEnabled();
    const challenge = await this.#repository.redeemChallenge(
      project.id,
      'authentication',
      hashToken(input.code),
    );
    if (!challenge)
      throw passkeyErrors.authenticationFailed('the code is unknown, used or expired');
    const origin = this.#trustedOrigin(
      project,
      input.response.response.clientDataJSON,
      'authentication',
    );
    const passkey = await this.#repository.findByCredentialId(project.id, input.response.id);
    if (!passkey) throw passkeyErrors.authenticationFailed('this passkey is not registered');
    const counter = Number(passkey.counter);
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: input.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin.origin,
        expectedRPID: origin.hostname,
        requireUserVerification: false,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter,
          transports: transportsOf(passkey),
        },
      });
    } catch (error) {
      // A counter that went back (a cloned authenticator) is refused here too.
      throw passkeyErrors.authenticationFailed((error as Error).message);
    }
    if (!verification.verified) throw passkeyErrors.authenticationFailed('not verified');
    const { newCounter } = verification.authenticationInfo;
    if (!(await this.#repository.advanceCounter(passkey.id, counter, newCounter))) {
      throw passkeyErrors.authenticationFailed('this answer was already used');
    }
    const user = await this.#accounts.require(project.id, passkey.user_id);
    return this.#accounts.signInProvedUser(project, user, { ip: input.ip, isNewUser: false });
  }

  list(projectId: string, userId: string): Promise<PasskeyRow[]> {
    return this.#repository.listForUser(projectId, userId);
  }

  /** Removes a passkey; the last one gone turns passkey sign-in off for the user. */
  async remove(projectId: string, userId: string, id: string): Promise<boolean> {
    const removed = await this.#repository.deletePasskey(projectId, userId, id);
    if (removed && (await this.#repository.listForUser(projectId, userId)).length === 0) {
      await this.#accounts.update(projectId, userId, { passkeyAuthEnabled: false });
    }
    return removed;
  }

  async #storeChallenge(
    project: ProjectRecord,
    userId: string | null,
    kind: 'registration' | 'authentication',
    challenge: string,
  ): Promise<string> {
    const code = randomToken();
    await this.#repository.insertChallenge({
      id: randomUUID(),
      projectId: project.id,
      userId,
      kind,
      codeHash: hashToken(code),
      challenge,
      expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    });
    return code;
  }

  /** The page origin in the authenticator's client data, if it is one of the project's. */
  #trustedOrigin(
    project: ProjectRecord,
    clientDataJSON: string,
    ceremony: 'registration' | 'authentication',
  ): URL {
    const fail = (why: string) =>
      ceremony === 'registration'
        ? passkeyErrors.registrationFailed(why)
        : passkeyErrors.authenticationFailed(why);
    let origin: string;
    try {
      const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
        origin?: unknown;
      };
      origin = String(data.origin);
    } catch {
      throw fail('the client data is not readable');
    }
    try {
      const url = resolveTrustedUrl(origin, project.config, this.#publicUrl);
      if (url.origin !== origin) throw fail(`the origin ${origin} is not a page origin`);
      return url;
    } catch (error) {
      if (error instanceof KnownError && error.code.startsWith('PASSKEY_')) throw error;
      throw fail(`the origin ${origin} is not one of the project's trusted domains`);
    }
  }
}

function transportsOf(passkey: PasskeyRow): AuthenticatorTransport[] {
  return passkey.transports ? (passkey.transports.split(',') as AuthenticatorTransport[]) : [];
}
