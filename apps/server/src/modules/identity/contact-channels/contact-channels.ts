import { randomUUID } from 'node:crypto';
import type { SendIdentityMail } from '../core/identity-mail.ts';
import type { ProjectRecord } from '../core/identity-repository.ts';
import { knownErrors, StatusError } from '../core/known-errors.ts';
import { resolveTrustedUrl } from '../core/trusted-urls.ts';
import type { VerificationCodes } from '../core/verification-codes.ts';
import type {
  ContactChannelChanges,
  ContactChannelRecord,
  ContactChannelsRepository,
} from './contact-channels-repository.ts';

const EMAIL_VERIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

interface ContactChannelsOptions {
  repository: ContactChannelsRepository;
  codes: VerificationCodes;
  sendIdentityMail: SendIdentityMail;
  publicUrl: string;
}

/**
 * A user's email addresses (stack-auth.md §3.9). At most one is primary, and it is the user's
 * `primary_email`; an address may sign in to one account only.
 */
export class ContactChannels {
  readonly #repository: ContactChannelsRepository;
  readonly #codes: VerificationCodes;
  readonly #sendIdentityMail: SendIdentityMail;
  readonly #publicUrl: string;

  constructor(options: ContactChannelsOptions) {
    this.#repository = options.repository;
    this.#codes = options.codes;
    this.#sendIdentityMail = options.sendIdentityMail;
    this.#publicUrl = options.publicUrl;
  }

  list(userId: string): Promise<ContactChannelRecord[]> {
    return this.#repository.list(userId);
  }

  async require(userId: string, channelId: string): Promise<ContactChannelRecord> {
    const channel = await this.#repository.find(userId, channelId);
    if (!channel) throw new StatusError(404, 'Contact channel not found.');
    return channel;
  }

  async create(
    projectId: string,
    userId: string,
    input: { value: string; usedForAuth: boolean; isPrimary: boolean; isVerified: boolean },
  ): Promise<ContactChannelRecord> {
    await this.#refuseTaken(projectId, userId, input.value, input.usedForAuth);
    const id = randomUUID();
    await this.#guardRace(input.value, () =>
      this.#repository.transaction(async (repository) => {
        await repository.insert({
          id,
          projectId,
          userId,
          value: input.value,
          isVerified: input.isVerified,
          usedForAuth: input.usedForAuth,
        });
        if (input.isPrimary) await repository.update(userId, id, { isPrimary: true });
      }),
    );
    return this.require(userId, id);
  }

  /** Changes a channel; a new address starts unverified unless the server says otherwise. */
  async update(
    projectId: string,
    userId: string,
    channelId: string,
    changes: ContactChannelChanges,
  ): Promise<ContactChannelRecord> {
    const channel = await this.require(userId, channelId);
    const value = changes.value ?? channel.value;
    const isNewValue = value.toLowerCase() !== channel.value.toLowerCase();
    if (isNewValue && (await this.#repository.hasValue(userId, value, channelId))) {
      throw new StatusError(409, 'This user already has this email address.');
    }
    const usedForAuth = changes.usedForAuth ?? channel.used_for_auth;
    if (usedForAuth && (isNewValue || !channel.used_for_auth)) {
      await this.#refuseTaken(projectId, userId, value, true, false);
    }
    if (changes.isPrimary === false && channel.is_primary) {
      throw new StatusError(400, 'Make another email primary instead of unsetting this one.');
    }
    await this.#guardRace(value, () =>
      this.#repository.transaction((repository) =>
        repository.update(userId, channelId, {
          ...changes,
          isVerified: changes.isVerified ?? (isNewValue ? false : undefined),
        }),
      ),
    );
    return this.require(userId, channelId);
  }

  async delete(userId: string, channelId: string): Promise<void> {
    if (!(await this.#repository.delete(userId, channelId))) {
      throw new StatusError(404, 'Contact channel not found.');
    }
  }

  /** Mails a verification link for one of the user's addresses (verified by /contact-channels/verify). */
  async sendVerificationCode(
    project: ProjectRecord,
    userId: string,
    channelId: string,
    callbackUrl: string,
  ): Promise<void> {
    const channel = await this.require(userId, channelId);
    if (channel.is_verified) throw knownErrors.emailAlreadyVerified();
    const callback = resolveTrustedUrl(callbackUrl, project.config, this.#publicUrl);
    const { code } = await this.#codes.issue({
      projectId: project.id,
      purpose: 'email_verification',
      userId,
      email: channel.value,
      lifetimeMs: EMAIL_VERIFICATION_LIFETIME_MS,
    });
    callback.searchParams.set('code', code);
    await this.#sendIdentityMail(project, {
      kind: 'email_verification',
      to: channel.value,
      user: null,
      variables: { emailVerificationLink: callback.href },
      plain: {
        to: channel.value,
        subject: 'Confirm your email for ipick',
        text: `Confirm that this is your email address:\n${callback.href}\n\nThe link works for 7 days.`,
      },
    });
  }

  async #refuseTaken(
    projectId: string,
    userId: string,
    value: string,
    usedForAuth: boolean,
    checkOwn = true,
  ) {
    if (checkOwn && (await this.#repository.hasValue(userId, value))) {
      throw new StatusError(409, 'This user already has this email address.');
    }
    if (usedForAuth && (await this.#repository.isUsedForAuthByOther(projectId, userId, value))) {
      throw knownErrors.contactChannelAlreadyUsedForAuthBySomeoneElse(value);
    }
  }

  /** The unique index on sign-in addresses settles a race with another user taking one. */
  async #guardRace(value: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw knownErrors.contactChannelAlreadyUsedForAuthBySomeoneElse(value);
      }
      throw error;
    }
  }
}
