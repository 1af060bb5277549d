import { randomUUID } from 'node:crypto';
import type { Business, SessionUser } from '@ipick/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Identity } from '../identity/identity.ts';
import type { ProjectRecord, UserRecord } from '../identity/core/identity-repository.ts';
import type { SessionRecord } from '../identity/core/identity-repository.ts';
import { asProduct } from './identity-errors.ts';
import type { AuthRepository, BusinessRecord } from './auth-repository.ts';

export interface SignedIn {
  user: UserRecord;
  refreshToken: string;
}

export interface CurrentSession {
  user: UserRecord;
  session: SessionRecord;
}

/** Where emailed links land in the web app: spec §2's reset page and the handler pages. */
const RESET_PASSWORD_PATH = '/reset-password';

function handlerLink(
  project: ProjectRecord,
  page: 'email-verification' | 'magic-link-callback',
): string {
  const base = project.config.domains[0]?.handler_path ?? '/handler';
  return `${base.replace(/\/+$/, '')}/${page}`;
}

/**
 * Product sign-in for shoppers, admins and merchants on top of the identity service: every
 * product session is an identity session whose refresh token sits in an HttpOnly cookie.
 */
export class AuthService {
  readonly #identity: Identity;
  readonly #repository: AuthRepository;
  #projectId: string | null = null;

  constructor(identity: Identity, repository: AuthRepository) {
    this.#identity = identity;
    this.#repository = repository;
  }

  /** ipick's identity project; read per call so that config changes apply at once. */
  async project(): Promise<ProjectRecord> {
    if (!this.#projectId)
      this.#projectId = (await this.#identity.projects.ensureDefaultProject()).id;
    const project = await this.#identity.projects.find(this.#projectId);
    if (!project) throw new Error('The identity project has disappeared');
    return project;
  }

  /**
   * The user and session of a refresh token, or null when it is unknown, expired or its user
   * is disabled (a session made outside the product's sign-in must not let them back in).
   */
  async resolve(refreshToken: string, ip: string | null): Promise<CurrentSession | null> {
    let current: CurrentSession;
    try {
      const project = await this.project();
      current = await this.#identity.sessions.resolveRefreshToken(project.id, refreshToken, ip);
    } catch (error) {
      if ((error as { code?: string }).code === 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED') return null;
      throw error;
    }
    return (await this.#repository.isDisabled(current.user.id)) ? null : current;
  }

  async signIn(email: string, password: string, ip: string | null): Promise<SignedIn> {
    const project = await this.project();
    const result = await asProduct(
      this.#identity.accounts.signInWithPassword(project, { email, password, ip }),
    );
    return this.#refuseDisabled({ user: result.user, refreshToken: result.refreshToken });
  }

  /**
   * A disabled user gets no session. Checked after the password (or emailed code), so only
   * someone who could sign in learns that the account is disabled.
   */
  async #refuseDisabled(signedIn: SignedIn): Promise<SignedIn> {
    if (!(await this.#repository.isDisabled(signedIn.user.id))) return signedIn;
    await this.#identity.sessions.endAllOf(signedIn.user.id, null);
    throw new AppError(
      'forbidden',
      'This account has been disabled by an ipick admin. Contact ipick support if you think this is a mistake.',
    );
  }

  async register(email: string, password: string, ip: string | null): Promise<SignedIn> {
    const project = await this.project();
    const result = await asProduct(
      this.#identity.accounts.signUpWithPassword(project, {
        email,
        password,
        verificationCallbackUrl: handlerLink(project, 'email-verification'),
        ip,
      }),
    );
    return { user: result.user, refreshToken: result.refreshToken };
  }

  /**
   * Admin sign-in: a non-admin gets no session at all, and the answer a wrong password gets, so
   * that the admin sign-in does not tell which emails and passwords are right (issue: account
   * enumeration).
   */
  async signInAdmin(email: string, password: string, ip: string | null): Promise<SignedIn> {
    const signedIn = await this.signIn(email, password, ip);
    if (!(await this.#repository.isAdmin(signedIn.user.id))) {
      await this.signOut(signedIn.refreshToken);
      throw new AppError('invalid_credentials', 'Wrong email or password.');
    }
    return signedIn;
  }

  async signOut(refreshToken: string): Promise<void> {
    const current = await this.resolve(refreshToken, null);
    if (current) await this.#identity.sessions.end(current.user.projectId, current.session.id);
  }

  async sendPasswordReset(email: string): Promise<void> {
    const project = await this.project();
    await asProduct(
      this.#identity.accounts.sendPasswordResetCode(project, email, RESET_PASSWORD_PATH),
    );
  }

  async resetPassword(code: string, password: string): Promise<void> {
    const project = await this.project();
    await asProduct(this.#identity.accounts.resetPassword(project, code, password));
  }

  async verifyEmail(code: string): Promise<void> {
    await asProduct(this.#identity.accounts.verifyEmail(await this.project(), code));
  }

  async sendEmailVerification(user: UserRecord): Promise<void> {
    const project = await this.project();
    const callback = handlerLink(project, 'email-verification');
    await asProduct(this.#identity.accounts.sendEmailVerification(project, user, callback));
  }

  async sendMagicLink(email: string): Promise<void> {
    const project = await this.project();
    const callback = handlerLink(project, 'magic-link-callback');
    await asProduct(this.#identity.accounts.sendSignInCode(project, email, callback));
  }

  async signInWithMagicLink(code: string, ip: string | null): Promise<SignedIn> {
    const result = await asProduct(
      this.#identity.accounts.signInWithCode(await this.project(), { code, ip }),
    );
    return this.#refuseDisabled({ user: result.user, refreshToken: result.refreshToken });
  }

  async rename(user: UserRecord, displayName: string | null): Promise<UserRecord> {
    return asProduct(this.#identity.accounts.update(user.projectId, user.id, { displayName }));
  }

  async changePassword(
    current: CurrentSession,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    await asProduct(
      this.#identity.accounts.updatePassword(current.user, {
        oldPassword: currentPassword,
        newPassword,
        keepSessionId: current.session.id,
      }),
    );
  }

  listSessions(user: UserRecord) {
    return this.#identity.sessions.listLive(user.projectId, user.id);
  }

  async endSession(user: UserRecord, sessionId: string): Promise<void> {
    if (!(await this.#identity.sessions.end(user.projectId, sessionId, user.id))) {
      throw new AppError('not_found', 'That session has already ended.');
    }
  }

  async toSessionUser(user: UserRecord): Promise<SessionUser> {
    return {
      id: user.id,
      email: user.primaryEmail,
      displayName: user.displayName,
      emailVerified: user.primaryEmailVerified,
      isAdmin: await this.#repository.isAdmin(user.id),
      createdAt: user.signedUpAt.toISOString(),
    };
  }

  isAdmin(userId: string): Promise<boolean> {
    return this.#repository.isAdmin(userId);
  }

  // ---- merchants ----

  /** Registers a merchant: a new identity user who owns a new, pending business. */
  async registerBusiness(
    input: { name: string; domain: string; email: string; password: string },
    ip: string | null,
  ): Promise<{ business: BusinessRecord; refreshToken: string }> {
    if (await this.#repository.isDomainTaken(input.domain)) {
      throw new AppError('conflict', `The shop domain ${input.domain} is already registered.`);
    }
    const signedUp = await this.register(input.email, input.password, ip);
    try {
      const business = await this.#repository.insertBusinessWithOwner({
        id: randomUUID(),
        name: input.name,
        domain: input.domain,
        contactEmail: input.email,
        status: 'pending',
        ownerUserId: signedUp.user.id,
      });
      return { business, refreshToken: signedUp.refreshToken };
    } catch (error) {
      // The account without its business would be a dead end: take it back.
      await this.#identity.accounts.delete(signedUp.user.projectId, signedUp.user.id);
      if ((error as { code?: string }).code === '23505') {
        throw new AppError('conflict', `The shop domain ${input.domain} is already registered.`);
      }
      throw error;
    }
  }

  /** Merchant sign-in: only users who run a business get a merchant session. */
  async signInBusiness(
    email: string,
    password: string,
    ip: string | null,
  ): Promise<{ business: BusinessRecord; refreshToken: string }> {
    const signedIn = await this.signIn(email, password, ip);
    const business = await this.#repository.findBusinessOfUser(signedIn.user.id);
    if (!business) {
      await this.signOut(signedIn.refreshToken);
      throw new AppError('invalid_credentials', 'Wrong email or password.');
    }
    return { business, refreshToken: signedIn.refreshToken };
  }

  findBusinessOf(userId: string): Promise<BusinessRecord | undefined> {
    return this.#repository.findBusinessOfUser(userId);
  }

  /**
   * What the web app needs to call `/api/v1` on the client tier as the signed-in user: the
   * project, its publishable key (public by design) and a short-lived access token minted from
   * the product session, whose refresh token stays in its HttpOnly cookie.
   */
  async identityAccess(current: CurrentSession | null) {
    const project = await this.project();
    const keys = await this.#identity.projects.ensureKeys(project.id);
    return {
      projectId: project.id,
      publishableClientKey: keys.publishableClientKey,
      accessToken: current
        ? await this.#identity.sessions.mintAccessToken(current.user, current.session.id)
        : null,
    };
  }

  /**
   * ipick's identity project and its super secret admin key, for the admin area's identity
   * pages: the key stays on the server, which calls the admin tier for a signed-in admin.
   */
  async identityAdminAccess() {
    const project = await this.project();
    const keys = await this.#identity.projects.ensureKeys(project.id);
    return { projectId: project.id, superSecretAdminKey: keys.superSecretAdminKey };
  }

  /** The user's staff role in the business: owner, admin or member (undefined: not on it). */
  staffRoleOf(businessId: string, userId: string) {
    return this.#repository.staffRoleOf(businessId, userId);
  }
}

export function toBusiness(row: BusinessRecord): Business {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    contactEmail: row.contact_email,
    status: row.status,
    suspensionReason: row.status === 'suspended' ? row.suspension_reason : null,
    createdAt: row.created_at.toISOString(),
  };
}
