import { unlinkable } from '../../../platform/mailer/plain-mail-text.ts';
import type { SendIdentityMail } from '../core/identity-mail.ts';
import type { ProjectRecord, UserRecord } from '../core/identity-repository.ts';
import { knownErrors, StatusError } from '../core/known-errors.ts';
import { resolveTrustedUrl } from '../core/trusted-urls.ts';
import { restrictedReason } from '../core/user-presenter.ts';
import type { VerificationCodes } from '../core/verification-codes.ts';
import type { InvitationRecord, InvitationsRepository } from './invitations-repository.ts';
import type { Teams } from './teams.ts';

const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many invitations per team and hour: a team cannot be used to flood inboxes. */
export const MAX_INVITATIONS_PER_TEAM_HOUR = 30;

/**
 * What another module does when an invitation is accepted: `before` may refuse (by throwing)
 * while nothing is used up yet, `after` runs once the user is in the team. The merchant team
 * uses it to keep its staff in step with the business's identity team.
 */
export interface InvitationAcceptHook {
  before?(project: ProjectRecord, user: UserRecord, invitation: InvitationRecord): Promise<void>;
  after?(project: ProjectRecord, user: UserRecord, invitation: InvitationRecord): Promise<void>;
}

interface InvitationsOptions {
  repository: InvitationsRepository;
  teams: Teams;
  codes: VerificationCodes;
  sendIdentityMail: SendIdentityMail;
  publicUrl: string;
}

/**
 * Team invitations (stack-auth.md §3.13): an emailed single-use code that lets the recipient
 * join the team. Accepting needs a signed-in, unrestricted user with the invited address.
 */
export class Invitations {
  readonly #repository: InvitationsRepository;
  readonly #teams: Teams;
  readonly #codes: VerificationCodes;
  readonly #sendIdentityMail: SendIdentityMail;
  readonly #publicUrl: string;
  readonly #acceptHooks: InvitationAcceptHook[] = [];

  constructor(options: InvitationsOptions) {
    this.#repository = options.repository;
    this.#teams = options.teams;
    this.#codes = options.codes;
    this.#sendIdentityMail = options.sendIdentityMail;
    this.#publicUrl = options.publicUrl;
  }

  onAccept(hook: InvitationAcceptHook): void {
    this.#acceptHooks.push(hook);
  }

  /** Mails an invitation to `email`, with a link to `callbackUrl?code=…`; returns its id. */
  async send(
    project: ProjectRecord,
    input: { teamId: string; email: string; callbackUrl: string; inviter: UserRecord | null },
  ): Promise<string> {
    const team = await this.#teams.require(project.id, input.teamId);
    const callback = resolveTrustedUrl(input.callbackUrl, project.config, this.#publicUrl);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    if (
      (await this.#repository.countSentSince(team.id, hourAgo)) >= MAX_INVITATIONS_PER_TEAM_HOUR
    ) {
      throw new StatusError(429, 'This team has sent too many invitations. Try again in an hour.');
    }
    const issued = await this.#codes.issue({
      projectId: project.id,
      purpose: 'team_invitation',
      userId: null,
      email: input.email,
      lifetimeMs: INVITATION_LIFETIME_MS,
      data: { team_id: team.id },
    });
    const { id } = await this.#codes.redeem(project.id, 'team_invitation', issued.code, {
      peek: true,
    });
    callback.searchParams.set('code', issued.code);
    // Team and user names are anyone's words: in the mail they are one line of plain text that
    // no mail program turns into a link, so an invitation cannot carry someone else's link.
    const inviterName = input.inviter?.displayName ?? input.inviter?.primaryEmail ?? null;
    const inviter = inviterName === null ? null : unlinkable(inviterName);
    const teamName = unlinkable(team.displayName);
    await this.#sendIdentityMail(project, {
      kind: 'team_invitation',
      to: input.email,
      user: null,
      variables: {
        teamDisplayName: teamName,
        teamInvitationLink: callback.href,
        ...(inviter ? { inviterName: inviter } : {}),
      },
      plain: {
        to: input.email,
        subject: `You are invited to join ${teamName} on ipick`,
        text:
          `${inviter ? `${inviter} invited you` : 'You are invited'} to join the team ` +
          `"${teamName}" on ipick.\n\nOpen this link to accept:\n${callback.href}\n\n` +
          'The link works for 7 days. If you did not expect this invitation, ignore this email.',
      },
    });
    return id;
  }

  /** Checks a code without using it up. */
  async check(project: ProjectRecord, code: string): Promise<InvitationRecord> {
    const row = await this.#codes.redeem(project.id, 'team_invitation', code, { peek: true });
    const invitation = await this.#repository.find(project.id, row.id);
    // A team deleted since the invitation was sent takes the invitation with it.
    if (!invitation) throw knownErrors.verificationCodeNotFound();
    return invitation;
  }

  /** Accepts the invitation of `code` for `user`, who joins with the member defaults. */
  async accept(project: ProjectRecord, user: UserRecord, code: string): Promise<void> {
    const invitation = await this.check(project, code);
    await this.#refuseUnlessInvited(user, invitation);
    for (const hook of this.#acceptHooks) await hook.before?.(project, user, invitation);
    await this.#codes.redeem(project.id, 'team_invitation', code);
    await this.#join(project, user, invitation);
  }

  /** Accepts an invitation by id for a user it was sent to (listed from their own addresses). */
  async acceptById(project: ProjectRecord, user: UserRecord, invitationId: string): Promise<void> {
    const invitation = await this.#repository.find(project.id, invitationId);
    if (!invitation) throw knownErrors.verificationCodeNotFound();
    await this.#refuseUnlessInvited(user, invitation);
    for (const hook of this.#acceptHooks) await hook.before?.(project, user, invitation);
    if (!(await this.#repository.markUsed(invitation.id))) {
      throw knownErrors.verificationCodeAlreadyUsed();
    }
    await this.#join(project, user, invitation);
  }

  listForTeam(projectId: string, teamId: string): Promise<InvitationRecord[]> {
    return this.#repository.listForTeam(projectId, teamId);
  }

  listForUser(projectId: string, userId: string): Promise<InvitationRecord[]> {
    return this.#repository.listForUser(projectId, userId);
  }

  /** Withdraws an invitation of the team; an id of another team's invitation is not found. */
  async revoke(projectId: string, teamId: string, invitationId: string): Promise<void> {
    const invitation = await this.#repository.find(projectId, invitationId);
    if (!invitation || invitation.teamId !== teamId) throw knownErrors.verificationCodeNotFound();
    await this.#repository.delete(projectId, invitationId);
  }

  async #refuseUnlessInvited(user: UserRecord, invitation: InvitationRecord): Promise<void> {
    const reason = restrictedReason(user);
    if (reason) throw knownErrors.teamInvitationRestrictedUserNotAllowed(reason);
    if (!(await this.#repository.userHasEmail(user.id, invitation.recipientEmail))) {
      throw knownErrors.teamInvitationEmailMismatch();
    }
  }

  async #join(project: ProjectRecord, user: UserRecord, invitation: InvitationRecord) {
    // Already a member: the invitation is used up and nothing else changes.
    if (!(await this.#teams.isMember(invitation.teamId, user.id))) {
      await this.#teams.addMember(project.id, invitation.teamId, user.id);
    }
    for (const hook of this.#acceptHooks) await hook.after?.(project, user, invitation);
  }
}
