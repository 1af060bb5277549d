import { StatusError } from '../identity/core/known-errors.ts';
import type { ProjectRecord } from '../identity/core/identity-repository.ts';
import type { Identity } from '../identity/identity.ts';
import type { BusinessRow, BusinessSetupRepository } from './business-setup-repository.ts';

/** The team permission an owner or admin holds in the business's identity team. */
const MANAGER_PERMISSION = 'team_admin';

/**
 * A business's staff as an identity team (issue 22): the team is made on the first invitation
 * with the owner as its creator (team_admin) and every member already on the staff; invitations
 * are the team's emailed invitations, whose link opens `/handler/team-invitation`; accepting
 * one makes the user a member of the business. Admins hold team_admin, members team_member.
 */
export class MerchantStaffTeam {
  readonly #identity: Identity;
  readonly #repository: BusinessSetupRepository;
  readonly #project: () => Promise<ProjectRecord>;
  readonly #publicUrl: string;

  constructor(options: {
    identity: Identity;
    repository: BusinessSetupRepository;
    project: () => Promise<ProjectRecord>;
    publicUrl: string;
  }) {
    this.#identity = options.identity;
    this.#repository = options.repository;
    this.#project = options.project;
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
    options.identity.teams.guardMemberRemoval((teamId, userId) => this.#keepOwner(teamId, userId));
    options.identity.teams.onMemberRemoved((teamId, userId) => this.#followRemoval(teamId, userId));
    options.identity.invitations.onAccept({
      before: async (_project, user, invitation) => {
        const business = await this.#repository.findBusinessByIdentityTeam(invitation.teamId);
        if (!business) return;
        const current = await this.#repository.businessOfUser(user.id);
        if (current !== undefined && current !== business.id) {
          throw new StatusError(
            409,
            'You already work for another business on ipick; one account can join one business.',
          );
        }
        // A shop's staff see its keys and customers: someone who does not read the invited
        // address must not join through a forwarded link, so it has to be confirmed.
        if (!(await this.#repository.hasVerifiedEmail(user.id, invitation.recipientEmail))) {
          throw new StatusError(
            403,
            `Confirm your email address ${invitation.recipientEmail} first (use the link ipick emailed you), then accept the invitation.`,
          );
        }
      },
      after: async (_project, user, invitation) => {
        const business = await this.#repository.findBusinessByIdentityTeam(invitation.teamId);
        if (business)
          await this.#repository.joinByIdentityInvitation(business.id, invitation.id, user.id);
      },
    });
  }

  /** The owner stays in the business's team: a business without its owner would have no one in charge. */
  async #keepOwner(teamId: string, userId: string): Promise<void> {
    const business = await this.#repository.findBusinessByIdentityTeam(teamId);
    if (!business || (await this.#repository.roleOf(business.id, userId)) !== 'owner') return;
    throw new StatusError(
      409,
      `You own ${business.name} on ipick, so you cannot leave its team: the business needs its owner.`,
    );
  }

  /**
   * Someone left the business's identity team or was removed from it over the API: they leave
   * the staff too, except the owner, whom only the business itself can change.
   */
  async #followRemoval(teamId: string, userId: string): Promise<void> {
    const business = await this.#repository.findBusinessByIdentityTeam(teamId);
    if (!business) return;
    if ((await this.#repository.roleOf(business.id, userId)) === 'owner') return;
    await this.#repository.deleteMember(business.id, userId);
  }

  /** The business's identity team, made (and filled with its staff) the first time. */
  async teamIdOf(business: BusinessRow): Promise<string> {
    const linked = await this.#repository.identityTeamOf(business.id);
    if (linked) return linked;
    const project = await this.#project();
    const staff = await this.#repository.listMembers(business.id);
    const owner = staff.find((member) => member.role === 'owner');
    const creator = owner ? await this.#identity.accounts.find(project.id, owner.user_id) : null;
    const team = await this.#identity.teams.create(project.id, {
      displayName: business.name,
      creator,
      serverMetadata: { business_id: business.id },
      // Lets the invitation page offer the business dashboard once someone joins.
      clientReadOnlyMetadata: { ipick_business: true },
    });
    for (const member of staff) {
      if (member.user_id === owner?.user_id) continue;
      await this.#identity.teams.addMember(project.id, team.id, member.user_id);
      if (member.role === 'admin') {
        await this.#identity.permissions.grantTeam(
          project,
          team.id,
          member.user_id,
          MANAGER_PERMISSION,
        );
      }
    }
    if (!(await this.#repository.linkIdentityTeam(business.id, team.id))) {
      // Another request linked one first: that one is the business's team.
      await this.#identity.teams.delete(project.id, team.id);
      return (await this.#repository.identityTeamOf(business.id))!;
    }
    return team.id;
  }

  /** Mails the team invitation to `email`; returns the identity invitation's id. */
  async invite(business: BusinessRow, inviterId: string, email: string): Promise<string> {
    const project = await this.#project();
    const teamId = await this.teamIdOf(business);
    const inviter = await this.#identity.accounts.find(project.id, inviterId);
    return this.#identity.invitations.send(project, {
      teamId,
      email,
      callbackUrl: `${this.#publicUrl}/handler/team-invitation`,
      inviter,
    });
  }

  async revokeInvitation(business: BusinessRow, invitationId: string): Promise<void> {
    const teamId = await this.#repository.identityTeamOf(business.id);
    if (!teamId) return;
    const project = await this.#project();
    // Already used or gone on the identity side: nothing left to withdraw there.
    await this.#identity.invitations
      .revoke(project.id, teamId, invitationId)
      .catch(() => undefined);
  }

  async removeMember(business: BusinessRow, userId: string): Promise<void> {
    const teamId = await this.#repository.identityTeamOf(business.id);
    if (!teamId || !(await this.#identity.teams.isMember(teamId, userId))) return;
    await this.#identity.teams.removeMember((await this.#project()).id, teamId, userId);
  }

  /** Gives or takes team_admin in the identity team as the staff role says. */
  async setRole(business: BusinessRow, userId: string, role: 'admin' | 'member'): Promise<void> {
    const teamId = await this.teamIdOf(business);
    const project = await this.#project();
    if (!(await this.#identity.teams.isMember(teamId, userId))) {
      await this.#identity.teams.addMember(project.id, teamId, userId);
    }
    const holds = await this.#identity.permissions.has(
      project.id,
      teamId,
      userId,
      MANAGER_PERMISSION,
    );
    if (role === 'admin' && !holds) {
      await this.#identity.permissions.grantTeam(project, teamId, userId, MANAGER_PERMISSION);
    } else if (role === 'member' && holds) {
      await this.#identity.permissions
        .revokeTeam(project, teamId, userId, MANAGER_PERMISSION)
        .catch(() => undefined);
    }
  }
}
