import { randomUUID } from 'node:crypto';
import { RESTRICTION_DETAIL_MESSAGE } from './api-schemas.ts';
import type { IdentityMail, SendIdentityMail } from './identity-mail.ts';
import type { IdentityEvents } from './identity-events.ts';
import type {
  IdentityRepository,
  ProjectRecord,
  UserChanges,
  UserListQuery,
  UserRecord,
} from './identity-repository.ts';
import { knownErrors, StatusError } from './known-errors.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from './passwords.ts';
import type { IssuedSession, Sessions } from './sessions.ts';
import { resolveTrustedUrl } from './trusted-urls.ts';
import { toServerUser } from './user-presenter.ts';
import type { TeamLinks } from './team-links.ts';
import type { VerificationCodes } from './verification-codes.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export type SendMail = (mail: OutgoingMail) => Promise<void>;

const HOUR_MS = 60 * 60 * 1000;
const PASSWORD_RESET_LIFETIME_MS = HOUR_MS;
const EMAIL_VERIFICATION_LIFETIME_MS = 7 * 24 * HOUR_MS;
const SIGN_IN_LINK_LIFETIME_MS = HOUR_MS / 2;

/** An OAuth account as the user read shape lists it (`oauth_providers`). */
export interface UserOAuthProvider {
  id: string;
  account_id: string;
  email: string | null;
}

/** An account at one of the project's OAuth providers, linked when the server creates a user. */
export interface OAuthAccountLink {
  providerConfigId: string;
  accountId: string;
  email: string | null;
}

export interface SignInResult extends IssuedSession {
  user: UserRecord;
  isNewUser: boolean;
}

interface AccountsOptions {
  repository: IdentityRepository;
  sessions: Sessions;
  codes: VerificationCodes;
  sendMail: SendMail;
  publicUrl: string;
  /** Called when sending mail in the background fails; never with secrets. */
  onBackgroundError: (error: unknown) => void;
}

/**
 * Users and how they prove who they are: passwords, emailed codes and links, and the user
 * record itself. Every method takes the project it acts in.
 */
export class Accounts {
  readonly #repository: IdentityRepository;
  readonly #sessions: Sessions;
  readonly #codes: VerificationCodes;
  readonly #sendMail: SendMail;
  readonly #publicUrl: string;
  readonly #onBackgroundError: (error: unknown) => void;
  /** Plugged in by the identity wiring once the teams capability exists. */
  teamLinks: TeamLinks | null = null;
  /** The user's OAuth accounts for the user read shape; plugged in by the OAuth capability. */
  oauthProvidersOf: ((user: UserRecord) => Promise<UserOAuthProvider[]>) | null = null;
  /** Links an account at one of the project's OAuth providers; plugged in by the OAuth capability. */
  linkOAuthAccount:
    ((project: ProjectRecord, userId: string, account: OAuthAccountLink) => Promise<void>) | null =
    null;
  /** Where user changes are announced (webhooks listen); set by the core. */
  events: IdentityEvents | null = null;
  readonly #userCreatedListeners: ((project: ProjectRecord, userId: string) => Promise<void>)[] =
    [];

  /**
   * Sends verification, password-reset and sign-in mail; the email capability plugs in the
   * project's templates. Without it, the plain-text mail goes out as it is.
   */
  sendIdentityMail: SendIdentityMail = (_project, mail: IdentityMail) => this.#sendMail(mail.plain);

  readonly #signInChecks: ((project: ProjectRecord, user: UserRecord) => Promise<void>)[] = [];

  /**
   * Lets a capability refuse a sign-in that proved only the first factor (two-factor sign-in,
   * stack-auth.md §3.3): every sign-in runs these checks before it issues a session.
   */
  beforeSignIn(check: (project: ProjectRecord, user: UserRecord) => Promise<void>): void {
    this.#signInChecks.push(check);
  }

  /** Lets a capability act on every new user (project-wide default permissions, §3.14). */
  onUserCreated(listener: (project: ProjectRecord, userId: string) => Promise<void>): void {
    this.#userCreatedListeners.push(listener);
  }

  constructor(options: AccountsOptions) {
    this.#repository = options.repository;
    this.#sessions = options.sessions;
    this.#codes = options.codes;
    this.#sendMail = options.sendMail;
    this.#publicUrl = options.publicUrl;
    this.#onBackgroundError = options.onBackgroundError;
  }

  // ---- passwords ----

  /**
   * Creates a user who signs in with email and password, and signs them in. An anonymous
   * caller (`currentUser`) becomes that user instead, keeping their id and data
   * (stack-auth.md §3.1).
   */
  async signUpWithPassword(
    project: ProjectRecord,
    input: {
      email: string;
      password: string;
      verificationCallbackUrl?: string;
      ip: string | null;
      currentUser?: UserRecord | null;
    },
  ): Promise<SignInResult> {
    if (!project.config.sign_up_enabled) throw knownErrors.signUpNotEnabled();
    if (!project.config.credential_enabled) throw knownErrors.passwordAuthenticationNotEnabled();
    checkPasswordRules(input.password);
    const callback = input.verificationCallbackUrl
      ? resolveTrustedUrl(input.verificationCallbackUrl, project.config, this.#publicUrl)
      : null;
    const passwordHash = await hashPassword(input.password);
    const account = { email: input.email, emailVerified: false, passwordHash };
    const user = input.currentUser?.isAnonymous
      ? await this.#upgradeAnonymousUser(input.currentUser, account)
      : await this.#createUser(project, account);
    const session = await this.#sessions.create(user, { ip: input.ip });
    if (callback) this.#inBackground(this.#sendVerificationMail(project, user, callback));
    return { ...session, user, isNewUser: true };
  }

  /** Wrong email and wrong password give the same error in the same time (spec §8). */
  async signInWithPassword(
    project: ProjectRecord,
    input: { email: string; password: string; ip: string | null },
  ): Promise<SignInResult> {
    if (!project.config.credential_enabled) throw knownErrors.passwordAuthenticationNotEnabled();
    const user = await this.#repository.findUserByAuthEmail(project.id, input.email);
    const isMatch = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !isMatch) throw knownErrors.emailPasswordMismatch();
    await this.#checkSignIn(project, user);
    const session = await this.#sessions.create(user, { ip: input.ip });
    return { ...session, user, isNewUser: false };
  }

  /**
   * Emails a password-reset link when the email belongs to a user. The caller's answer is the
   * same either way, and the mail goes out in the background so timing does not tell either.
   */
  async sendPasswordResetCode(
    project: ProjectRecord,
    email: string,
    callbackUrl: string,
  ): Promise<void> {
    const callback = resolveTrustedUrl(callbackUrl, project.config, this.#publicUrl);
    this.#inBackground(
      (async () => {
        const user = await this.#repository.findUserByAuthEmail(project.id, email);
        if (!user?.primaryEmail) return;
        const { code } = await this.#codes.issue({
          projectId: project.id,
          purpose: 'password_reset',
          userId: user.id,
          email: user.primaryEmail,
          lifetimeMs: PASSWORD_RESET_LIFETIME_MS,
        });
        const link = withCode(callback, code);
        await this.sendIdentityMail(project, {
          kind: 'password_reset',
          to: user.primaryEmail,
          user,
          variables: { passwordResetLink: link },
          plain: {
            to: user.primaryEmail,
            subject: 'Reset your ipick password',
            text:
              'Someone asked to reset the password of your ipick account.\n\n' +
              `Choose a new password within the next hour here:\n${link}\n\n` +
              'If it was not you, ignore this email; your password stays as it is.',
          },
        });
      })(),
    );
  }

  async checkPasswordResetCode(project: ProjectRecord, code: string): Promise<void> {
    await this.#codes.redeem(project.id, 'password_reset', code, { peek: true });
  }

  /** Sets a new password from a reset code and ends every session of the user. */
  async resetPassword(project: ProjectRecord, code: string, password: string): Promise<UserRecord> {
    checkPasswordRules(password);
    // Every reset link of the user is used up with this one, so that no other link (an older
    // one, or one used at the same moment) can change the password again.
    const redeemed = await this.#codes.redeem(project.id, 'password_reset', code, {
      useUpAllOfUser: true,
    });
    const user = redeemed.user_id
      ? await this.#repository.findUser(project.id, redeemed.user_id)
      : null;
    if (!user) throw knownErrors.verificationCodeNotFound();
    await this.#repository.updateUser(project.id, user.id, {
      passwordHash: await hashPassword(password),
    });
    // Whoever reset the password proved they own the email.
    if (user.primaryEmail && user.primaryEmail === redeemed.email) {
      await this.#repository.markEmailVerified(user.id, user.primaryEmail);
    }
    await this.#sessions.endAllOf(user.id, null);
    return user;
  }

  /** Changes a password; every other session of the user ends (issue 3: "revokes the other sessions"). */
  async updatePassword(
    user: UserRecord,
    input: { oldPassword: string; newPassword: string; keepSessionId: string | null },
  ): Promise<void> {
    if (user.passwordHash === null) throw knownErrors.userDoesNotHavePassword();
    if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
      throw knownErrors.passwordConfirmationMismatch();
    }
    checkPasswordRules(input.newPassword);
    await this.#repository.updateUser(user.projectId, user.id, {
      passwordHash: await hashPassword(input.newPassword),
    });
    // A reset link asked for before the change must not undo it.
    await this.#codes.useUpAllOf(user.projectId, user.id, 'password_reset');
    await this.#sessions.endAllOf(user.id, input.keepSessionId);
  }

  /**
   * Gives a password to a user who has none (e.g. signed up with an emailed link). Replacing a
   * password needs the current one (`updatePassword`), or a stolen access token would be enough
   * to take the account over.
   */
  async setPassword(user: UserRecord, password: string): Promise<void> {
    if (user.passwordHash !== null) {
      throw new StatusError(
        400,
        'This account already has a password. Change it with the current password instead.',
      );
    }
    checkPasswordRules(password);
    await this.#repository.updateUser(user.projectId, user.id, {
      passwordHash: await hashPassword(password),
    });
    await this.#codes.useUpAllOf(user.projectId, user.id, 'password_reset');
  }

  // ---- sign-in links and one-time passwords ----

  /** Emails a sign-in link (and a code to type); a new email becomes a new user on sign-in. */
  async sendSignInCode(
    project: ProjectRecord,
    email: string,
    callbackUrl: string,
  ): Promise<{ nonce: string }> {
    if (!project.config.magic_link_enabled) throw knownErrors.passwordAuthenticationNotEnabled();
    const callback = resolveTrustedUrl(callbackUrl, project.config, this.#publicUrl);
    const owner = await this.#repository.findAuthEmailOwner(project.id, email);
    if (!owner && !project.config.sign_up_enabled) throw knownErrors.signUpNotEnabled();
    const issued = await this.#codes.issue({
      projectId: project.id,
      purpose: 'otp_sign_in',
      userId: owner?.user.id ?? null,
      email,
      lifetimeMs: SIGN_IN_LINK_LIFETIME_MS,
    });
    // Whoever signed up with this email never proved it is theirs: a link must not sign the
    // email's owner in to an account someone else may hold the password of (signInWithCode
    // refuses the code). The caller is answered as for any other email, so that the answer
    // does not tell which emails have an account; only the mail differs, and only its
    // recipient reads it.
    const isUnverifiedOwner = owner !== null && !owner.isEmailVerified;
    this.#inBackground(
      isUnverifiedOwner
        ? this.#sendMail({
            to: email,
            subject: 'Your ipick sign-in link',
            text:
              'Someone asked for a link to sign in to ipick with this email address.\n\n' +
              'An ipick account uses this address, but it was never confirmed, so it cannot ' +
              'be signed in to with an emailed link. Sign in with its password, or choose a ' +
              'new one with "Forgot password?" on the sign-in page.\n\n' +
              'If you did not ask to sign in, ignore this email.',
          })
        : this.sendIdentityMail(project, {
            kind: 'magic_link',
            to: email,
            user: owner?.user ?? null,
            variables: {
              magicLink: withCode(callback, issued.code),
              otp: issued.oneTimePassword,
            },
            plain: {
              to: email,
              subject: `Your ipick sign-in code: ${issued.oneTimePassword}`,
              text:
                `Sign in to ipick within 30 minutes with this link:\n${withCode(callback, issued.code)}\n\n` +
                `or type this code: ${issued.oneTimePassword}\n\n` +
                'If you did not ask to sign in, ignore this email.',
            },
          }),
    );
    return { nonce: issued.nonce };
  }

  /** Checks an emailed sign-in code without using it up (stack-auth.md §3.2). */
  async checkSignInCode(project: ProjectRecord, code: string): Promise<void> {
    await this.#codes.redeem(project.id, 'otp_sign_in', code, { peek: true });
  }

  /**
   * Signs in with an emailed code. An email nobody has becomes a new user, or, when an anonymous
   * caller (`currentUser`) sends the code, that user keeps their id and data and gets the email.
   * An email that already has a user signs in to that user, and the anonymous one stays as it
   * was (stack-auth.md §3.2, §3.4).
   */
  async signInWithCode(
    project: ProjectRecord,
    input: { code: string; ip: string | null; currentUser?: UserRecord | null },
  ): Promise<SignInResult> {
    const redeemed = await this.#codes.redeem(project.id, 'otp_sign_in', input.code);
    const email = redeemed.email!;
    const owner = await this.#repository.findAuthEmailOwner(project.id, email);
    // Someone signed up with this email after the link was sent (see sendSignInCode).
    if (owner && !owner.isEmailVerified) throw knownErrors.userEmailAlreadyExists(email, true);
    const isNewUser = owner === null;
    // Whoever holds the code proved the email is theirs.
    const account = { email, emailVerified: true, passwordHash: null };
    const user =
      owner?.user ??
      (input.currentUser?.isAnonymous
        ? await this.#upgradeAnonymousUser(input.currentUser, account)
        : await this.#createUser(project, account));
    await this.#checkSignIn(project, user);
    const session = await this.#sessions.create(user, { ip: input.ip });
    return { ...session, user, isNewUser };
  }

  // ---- email verification ----

  async sendEmailVerification(
    project: ProjectRecord,
    user: UserRecord,
    callbackUrl: string,
  ): Promise<void> {
    if (!user.primaryEmail) throw knownErrors.userNotFound();
    if (user.primaryEmailVerified) throw knownErrors.emailAlreadyVerified();
    const callback = resolveTrustedUrl(callbackUrl, project.config, this.#publicUrl);
    await this.#sendVerificationMail(project, user, callback);
  }

  async verifyEmail(project: ProjectRecord, code: string): Promise<void> {
    const redeemed = await this.#codes.redeem(project.id, 'email_verification', code);
    const isStillTheirs =
      redeemed.user_id !== null &&
      redeemed.email !== null &&
      (await this.#repository.markEmailVerified(redeemed.user_id, redeemed.email));
    if (!isStillTheirs) throw knownErrors.verificationCodeNotFound();
  }

  // ---- anonymous users ----

  /**
   * Creates an anonymous user and signs them in (stack-auth.md §3.4). A later sign-up with a
   * password or an emailed code, sent with this user's token, makes them a full user in place.
   */
  async signUpAnonymously(project: ProjectRecord, ip: string | null): Promise<SignInResult> {
    if (project.config.anonymous_enabled === false) throw knownErrors.anonymousAccountsNotEnabled();
    const user = await this.#createUser(project, {
      email: null,
      emailVerified: false,
      passwordHash: null,
      isAnonymous: true,
    });
    const session = await this.#sessions.create(user, { ip });
    return { ...session, user, isNewUser: true };
  }

  // ---- sign-in by other methods (OAuth, passkeys) ----

  /** The user who signs in with `email`, and whether they verified it. */
  findAuthEmailOwner(projectId: string, email: string) {
    return this.#repository.findAuthEmailOwner(projectId, email);
  }

  /**
   * Creates the user of a first sign-in that another method proved (an OAuth provider); the
   * project must allow sign-up. `emailAuthEnabled` false leaves an email that someone else
   * signs in with to them.
   */
  async createProvedUser(
    project: ProjectRecord,
    input: {
      email: string | null;
      emailVerified: boolean;
      emailAuthEnabled: boolean;
      displayName: string | null;
      profileImageUrl: string | null;
    },
  ): Promise<UserRecord> {
    if (!project.config.sign_up_enabled) throw knownErrors.signUpNotEnabled();
    const user = await this.#createUser(project, {
      email: input.email,
      emailVerified: input.emailVerified,
      emailAuthEnabled: input.emailAuthEnabled,
      passwordHash: null,
    });
    if (input.displayName !== null || input.profileImageUrl !== null) {
      await this.#repository.updateUser(project.id, user.id, {
        ...(input.displayName === null ? {} : { displayName: input.displayName }),
        ...(input.profileImageUrl === null ? {} : { profileImageUrl: input.profileImageUrl }),
      });
    }
    return (await this.#repository.findUser(project.id, user.id))!;
  }

  /**
   * Signs in a user whom another method proved, after the checks every sign-in runs (two-factor
   * answers MULTI_FACTOR_AUTHENTICATION_REQUIRED here).
   */
  async signInProvedUser(
    project: ProjectRecord,
    user: UserRecord,
    input: { ip: string | null; isNewUser: boolean },
  ): Promise<SignInResult> {
    await this.#checkSignIn(project, user);
    const session = await this.#sessions.create(user, { ip: input.ip });
    return { ...session, user, isNewUser: input.isNewUser };
  }

  // ---- user records ----

  findByEmail(projectId: string, email: string): Promise<UserRecord | null> {
    return this.#repository.findUserByAuthEmail(projectId, email);
  }

  find(projectId: string, userId: string): Promise<UserRecord | null> {
    return this.#repository.findUser(projectId, userId);
  }

  async require(projectId: string, userId: string): Promise<UserRecord> {
    const user = await this.#repository.findUser(projectId, userId);
    if (!user) throw knownErrors.userNotFound();
    return user;
  }

  list(projectId: string, query: UserListQuery) {
    return this.#repository.listUsers(projectId, query);
  }

  /** Server-tier user creation: sign-in details, then any other user field. */
  async createByServer(
    project: ProjectRecord,
    account: {
      email: string | null;
      emailVerified: boolean;
      /** Whether the email signs in; true unless said otherwise. */
      emailAuthEnabled?: boolean;
      password: string | null;
      /** A bcrypt hash imported from another system (`password_hash`), kept as it is. */
      importedPasswordHash?: string;
      /** Accounts at the project's OAuth providers to link (`oauth_providers`). */
      oauthAccounts?: OAuthAccountLink[];
    },
    changes: UserChanges,
  ): Promise<UserRecord> {
    const oauthAccounts = account.oauthAccounts ?? [];
    const link = this.linkOAuthAccount;
    if (oauthAccounts.length > 0 && !link) {
      throw knownErrors.schemaError('oauth_providers: OAuth sign-in is not set up');
    }
    if (!account.email) refuseEmailFlagsWithoutEmail(account);
    if (account.password) checkPasswordRules(account.password);
    const passwordHash = account.password
      ? await hashPassword(account.password)
      : (account.importedPasswordHash ?? null);
    const user = await this.#createUser(project, {
      email: account.email,
      emailVerified: account.emailVerified,
      emailAuthEnabled: account.emailAuthEnabled,
      passwordHash,
      announceLater: true,
    });
    await this.#repository.updateUser(project.id, user.id, changes);
    try {
      for (const oauthAccount of oauthAccounts) await link!(project, user.id, oauthAccount);
    } catch (error) {
      // An unknown provider or an account linked to someone else: the call makes no user.
      await this.#repository.deleteUser(project.id, user.id);
      throw error;
    }
    const created = (await this.#repository.findUser(project.id, user.id))!;
    await this.#announce(project.id, 'user.created', created);
    return created;
  }

  /**
   * Changes a user. `email: null` removes the primary email, and with it the sign-in by email;
   * `emailAuthEnabled` turns that sign-in on or off.
   */
  async update(
    projectId: string,
    userId: string,
    changes: UserChanges & PrimaryEmailChanges & { password?: string | null },
  ): Promise<UserRecord> {
    const user = await this.require(projectId, userId);
    const { email, emailVerified, emailAuthEnabled, password, ...userChanges } = changes;
    // A restriction's reason and details only exist while it holds (stack-auth.md §3.10).
    if (!(userChanges.restrictedByAdmin ?? user.restrictedByAdmin)) {
      if ((userChanges.restrictedByAdminReason ?? null) !== null) {
        throw knownErrors.schemaError(
          `body.restricted_by_admin_reason: ${RESTRICTION_DETAIL_MESSAGE}`,
        );
      }
      if ((userChanges.restrictedByAdminPrivateDetails ?? null) !== null) {
        throw knownErrors.schemaError(
          `body.restricted_by_admin_private_details: ${RESTRICTION_DETAIL_MESSAGE}`,
        );
      }
    }
    const teamId = userChanges.selectedTeamId ?? null;
    if (teamId !== null) {
      if (!this.teamLinks) throw knownErrors.teamNotFound(teamId);
      await this.teamLinks.requireSelectableTeam(projectId, teamId, userId);
    }
    if (password !== undefined) {
      if (password !== null) checkPasswordRules(password);
      userChanges.passwordHash = password === null ? null : await hashPassword(password);
    }
    try {
      await this.#repository.transaction(async (repository) => {
        await repository.updateUser(projectId, userId, userChanges);
        // A reset link asked for before the server changed the password must not undo it.
        if (password !== undefined) {
          await repository.markVerificationCodesOfUserUsed(projectId, userId, 'password_reset');
        }
        await changePrimaryEmail(repository, user, { email, emailVerified, emailAuthEnabled });
      });
    } catch (error) {
      // The unique index on sign-in emails settles a race with another user taking the email.
      if ((error as { code?: string }).code === '23505') {
        throw knownErrors.userEmailAlreadyExists(email ?? user.primaryEmail ?? '');
      }
      throw error;
    }
    const updated = await this.require(projectId, userId);
    await this.#announce(projectId, 'user.updated', updated);
    return updated;
  }

  /** Deletes a user; their sessions, emails and codes go with them (spec §4). */
  async delete(projectId: string, userId: string): Promise<void> {
    const teamIds = (await this.teamLinks?.teamIdsOf(projectId, userId)) ?? [];
    if (!(await this.#repository.deleteUser(projectId, userId))) throw knownErrors.userNotFound();
    await this.events?.emit({
      projectId,
      type: 'user.deleted',
      data: { id: userId, teams: teamIds.map((id) => ({ id })) },
    });
  }

  async #checkSignIn(project: ProjectRecord, user: UserRecord): Promise<void> {
    for (const check of this.#signInChecks) await check(project, user);
  }

  async #createUser(
    project: ProjectRecord,
    input: {
      email: string | null;
      emailVerified: boolean;
      emailAuthEnabled?: boolean;
      passwordHash: string | null;
      isAnonymous?: boolean;
      /** The caller announces `user.created` once it has set the user's other fields. */
      announceLater?: boolean;
    },
  ): Promise<UserRecord> {
    const userId = randomUUID();
    try {
      await this.#repository.transaction(async (repository) => {
        await repository.insertUser({
          id: userId,
          projectId: project.id,
          passwordHash: input.passwordHash,
          isAnonymous: input.isAnonymous ?? false,
        });
        if (input.email) {
          await repository.insertPrimaryEmail({
            id: randomUUID(),
            projectId: project.id,
            userId,
            email: input.email,
            isVerified: input.emailVerified,
            usedForAuth: input.emailAuthEnabled ?? true,
          });
        }
      });
    } catch (error) {
      // The unique index on sign-in emails settles races between two sign-ups.
      if ((error as { code?: string }).code === '23505' && input.email) {
        throw knownErrors.userEmailAlreadyExists(input.email);
      }
      throw error;
    }
    for (const listener of this.#userCreatedListeners) await listener(project, userId);
    const user = (await this.#repository.findUser(project.id, userId))!;
    if (!input.announceLater) await this.#announce(project.id, 'user.created', user);
    return user;
  }

  async #announce(projectId: string, type: 'user.created' | 'user.updated', user: UserRecord) {
    await this.events?.emit({ projectId, type, data: toServerUser(user) });
  }

  /**
   * Makes an anonymous user a full one who signs in with this email (and password, if given),
   * keeping their id and data.
   */
  async #upgradeAnonymousUser(
    anonymous: UserRecord,
    account: { email: string; emailVerified: boolean; passwordHash: string | null },
  ): Promise<UserRecord> {
    const { email, emailVerified, passwordHash } = account;
    try {
      await this.#repository.transaction(async (repository) => {
        await repository.updateUser(anonymous.projectId, anonymous.id, {
          isAnonymous: false,
          ...(passwordHash === null ? {} : { passwordHash }),
        });
        await changePrimaryEmail(repository, anonymous, {
          email,
          emailVerified,
          emailAuthEnabled: true,
        });
      });
    } catch (error) {
      // The unique index on sign-in emails settles a race with another user taking the email.
      if ((error as { code?: string }).code === '23505') {
        throw knownErrors.userEmailAlreadyExists(email);
      }
      throw error;
    }
    const upgraded = (await this.#repository.findUser(anonymous.projectId, anonymous.id))!;
    await this.#announce(anonymous.projectId, 'user.updated', upgraded);
    return upgraded;
  }

  async #sendVerificationMail(
    project: ProjectRecord,
    user: UserRecord,
    callback: URL,
  ): Promise<void> {
    if (!user.primaryEmail) return;
    const { code } = await this.#codes.issue({
      projectId: project.id,
      purpose: 'email_verification',
      userId: user.id,
      email: user.primaryEmail,
      lifetimeMs: EMAIL_VERIFICATION_LIFETIME_MS,
    });
    const link = withCode(callback, code);
    await this.sendIdentityMail(project, {
      kind: 'email_verification',
      to: user.primaryEmail,
      user,
      variables: { emailVerificationLink: link },
      plain: {
        to: user.primaryEmail,
        subject: 'Confirm your email for ipick',
        text: `Confirm that this is your email address:\n${link}\n\nThe link works for 7 days.`,
      },
    });
  }

  #inBackground(work: Promise<void>): void {
    work.catch(this.#onBackgroundError);
  }
}

/** Verified or sign-in flags of an email that is not there are refused, not dropped. */
function refuseEmailFlagsWithoutEmail(flags: {
  emailVerified?: boolean;
  emailAuthEnabled?: boolean;
}) {
  if (flags.emailVerified) {
    throw new StatusError(400, 'primary_email_verified cannot be true without primary_email');
  }
  if (flags.emailAuthEnabled) {
    throw new StatusError(400, 'primary_email_auth_enabled cannot be true without primary_email');
  }
}

interface PrimaryEmailChanges {
  email?: string | null;
  emailVerified?: boolean;
  emailAuthEnabled?: boolean;
}

/**
 * Applies changes to a user's primary email (the contact channel they sign in with). A new
 * address starts unverified unless `emailVerified` says otherwise; an address used for sign-in
 * may belong to one user only.
 */
async function changePrimaryEmail(
  repository: IdentityRepository,
  user: UserRecord,
  { email, emailVerified, emailAuthEnabled }: PrimaryEmailChanges,
): Promise<void> {
  const finalEmail = email === undefined ? user.primaryEmail : email;
  if (finalEmail === null) {
    refuseEmailFlagsWithoutEmail({ emailVerified, emailAuthEnabled });
    if (user.primaryEmail !== null) await repository.deletePrimaryEmail(user.id);
    return;
  }
  const isNewAddress = finalEmail.toLowerCase() !== user.primaryEmail?.toLowerCase();
  const usedForAuth =
    emailAuthEnabled ?? (user.primaryEmail === null ? true : user.primaryEmailAuthEnabled);
  if (usedForAuth && (isNewAddress || !user.primaryEmailAuthEnabled)) {
    const owner = await repository.findUserByAuthEmail(user.projectId, finalEmail);
    if (owner && owner.id !== user.id) throw knownErrors.userEmailAlreadyExists(finalEmail);
  }
  if (user.primaryEmail === null) {
    await repository.insertPrimaryEmail({
      id: randomUUID(),
      projectId: user.projectId,
      userId: user.id,
      email: finalEmail,
      isVerified: emailVerified ?? false,
      usedForAuth,
    });
    return;
  }
  await repository.updatePrimaryEmail(user.id, {
    email: isNewAddress ? finalEmail : undefined,
    isVerified: isNewAddress ? (emailVerified ?? false) : emailVerified,
    usedForAuth: emailAuthEnabled,
  });
}

function withCode(callback: URL, code: string): string {
  const url = new URL(callback);
  url.searchParams.set('code', code);
  return url.href;
}
