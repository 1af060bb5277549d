import { randomUUID } from 'node:crypto';
import type { UserRecord } from '../core/identity-repository.ts';
import { knownErrors } from '../core/known-errors.ts';
import type { IdentityEvents } from '../core/identity-events.ts';
import type { TeamLinks } from '../core/team-links.ts';
import { toClientTeam, toServerTeam } from './team-presenter.ts';
import type {
  MemberProfileRecord,
  TeamChanges,
  TeamListQuery,
  TeamRecord,
  TeamsRepository,
} from './teams-repository.ts';

/**
 * What teams need of permissions, supplied by the permissions capability (which builds on
 * teams, so teams may not import it): default grants for new members and permission checks.
 */
export interface TeamMemberPermissions {
  /** Grants the project's default permissions for a team's creator or a joining member (§3.14). */
  grantDefaults(
    projectId: string,
    teamId: string,
    userId: string,
    role: 'creator' | 'member',
  ): Promise<void>;
  /** Whether the member holds the permission, directly or through one that contains it. */
  has(projectId: string, teamId: string, userId: string, permissionId: string): Promise<boolean>;
}

/** The system permissions that guard team actions on the client tier (stack-auth.md §3.14). */
export type TeamAction =
  | '$update_team'
  | '$delete_team'
  | '$read_members'
  | '$remove_members'
  | '$invite_members'
  | '$manage_api_keys';

/**
 * Teams, memberships and member profiles (stack-auth.md §3.11, §3.12). Tier rules the
 * clients rely on are here: a client sees only teams it belongs to, and acts on them only
 * with the system permission for the action.
 */
export class Teams implements TeamLinks {
  readonly #repository: TeamsRepository;
  /** Plugged in by the identity wiring; without it members get no defaults and hold nothing. */
  permissions: TeamMemberPermissions | null = null;
  /** Where team and membership changes are announced (webhooks listen); set by the wiring. */
  events: IdentityEvents | null = null;

  constructor(repository: TeamsRepository) {
    this.#repository = repository;
  }

  /** Creates a team; the creator (if any) joins it with the team-creator defaults. */
  async create(
    projectId: string,
    input: {
      displayName: string;
      profileImageUrl?: string | null;
      clientMetadata?: unknown;
      clientReadOnlyMetadata?: unknown;
      serverMetadata?: unknown;
      creator: UserRecord | null;
    },
  ): Promise<TeamRecord> {
    const id = randomUUID();
    await this.#repository.transaction(async (repository) => {
      await repository.insertTeam({
        id,
        projectId,
        displayName: input.displayName,
        profileImageUrl: input.profileImageUrl ?? null,
        clientMetadata: input.clientMetadata,
        clientReadOnlyMetadata: input.clientReadOnlyMetadata,
        serverMetadata: input.serverMetadata,
      });
      if (input.creator) await repository.insertMember(projectId, id, input.creator.id);
    });
    const team = await this.require(projectId, id);
    await this.events?.emit({ projectId, type: 'team.created', data: toServerTeam(team) });
    if (input.creator) {
      await this.#announceMembership(projectId, id, input.creator.id, 'team_membership.created');
      await this.permissions?.grantDefaults(projectId, id, input.creator.id, 'creator');
    }
    return team;
  }

  async #announceMembership(
    projectId: string,
    teamId: string,
    userId: string,
    type: 'team_membership.created' | 'team_membership.deleted',
  ) {
    await this.events?.emit({ projectId, type, data: { team_id: teamId, user_id: userId } });
  }

  async require(projectId: string, teamId: string): Promise<TeamRecord> {
    const team = await this.#repository.findTeam(projectId, teamId);
    if (!team) throw knownErrors.teamNotFound(teamId);
    return team;
  }

  /**
   * The team, for a user who must belong to it. A team they are not in is answered as not
   * found, so that a client learns nothing of other people's teams.
   */
  async requireForMember(projectId: string, teamId: string, userId: string): Promise<TeamRecord> {
    const team = await this.#repository.findTeam(projectId, teamId);
    if (!team || !(await this.#repository.isMember(teamId, userId))) {
      throw knownErrors.teamNotFound(teamId);
    }
    return team;
  }

  /** Refuses a member who lacks `permission` in the team (TEAM_PERMISSION_REQUIRED, 401). */
  async requirePermission(
    projectId: string,
    teamId: string,
    userId: string,
    permission: TeamAction,
  ): Promise<void> {
    await this.requireForMember(projectId, teamId, userId);
    const holds = (await this.permissions?.has(projectId, teamId, userId, permission)) ?? false;
    if (!holds) throw knownErrors.teamPermissionRequired(teamId, userId, permission);
  }

  list(projectId: string, query: TeamListQuery) {
    return this.#repository.listTeams(projectId, query);
  }

  async update(projectId: string, teamId: string, changes: TeamChanges): Promise<TeamRecord> {
    await this.require(projectId, teamId);
    await this.#repository.updateTeam(projectId, teamId, changes);
    const team = await this.require(projectId, teamId);
    await this.events?.emit({ projectId, type: 'team.updated', data: toServerTeam(team) });
    return team;
  }

  /** Deletes a team; memberships, permissions and invitations go with it. */
  async delete(projectId: string, teamId: string): Promise<void> {
    if (!(await this.#repository.deleteTeam(projectId, teamId))) {
      throw knownErrors.teamNotFound(teamId);
    }
    await this.events?.emit({ projectId, type: 'team.deleted', data: { id: teamId } });
  }

  // ---- memberships ----

  /** Adds a user to a team with the team-member defaults; 409 if they already belong. */
  async addMember(projectId: string, teamId: string, userId: string): Promise<void> {
    await this.require(projectId, teamId);
    if (!(await this.#repository.insertMember(projectId, teamId, userId))) {
      throw knownErrors.teamMembershipAlreadyExists();
    }
    await this.#announceMembership(projectId, teamId, userId, 'team_membership.created');
    await this.permissions?.grantDefaults(projectId, teamId, userId, 'member');
  }

  isMember(teamId: string, userId: string): Promise<boolean> {
    return this.#repository.isMember(teamId, userId);
  }

  async removeMember(projectId: string, teamId: string, userId: string): Promise<void> {
    await this.require(projectId, teamId);
    for (const guard of this.#memberRemovalGuards) await guard(teamId, userId);
    if (!(await this.#repository.deleteMember(teamId, userId))) {
      throw knownErrors.teamMembershipNotFound(teamId, userId);
    }
    await this.#announceMembership(projectId, teamId, userId, 'team_membership.deleted');
    for (const listener of this.#memberRemovedListeners) await listener(teamId, userId);
  }

  readonly #memberRemovedListeners: ((teamId: string, userId: string) => Promise<void>)[] = [];
  readonly #memberRemovalGuards: ((teamId: string, userId: string) => Promise<void>)[] = [];

  /** Runs before someone leaves or is removed; it throws to refuse (a shop's owner stays). */
  guardMemberRemoval(guard: (teamId: string, userId: string) => Promise<void>): void {
    this.#memberRemovalGuards.push(guard);
  }

  /** Runs after someone leaves or is removed from a team (another module's staff follow it). */
  onMemberRemoved(listener: (teamId: string, userId: string) => Promise<void>): void {
    this.#memberRemovedListeners.push(listener);
  }

  // ---- member profiles ----

  async listProfiles(
    projectId: string,
    teamId: string,
    userId?: string,
  ): Promise<MemberProfileRecord[]> {
    await this.require(projectId, teamId);
    return this.#repository.listProfiles(teamId, userId);
  }

  async requireProfile(
    projectId: string,
    teamId: string,
    userId: string,
  ): Promise<MemberProfileRecord> {
    await this.require(projectId, teamId);
    const [profile] = await this.#repository.listProfiles(teamId, userId);
    if (!profile) throw knownErrors.teamMembershipNotFound(teamId, userId);
    return profile;
  }

  async updateProfile(
    projectId: string,
    teamId: string,
    userId: string,
    changes: { displayName?: string | null; profileImageUrl?: string | null },
  ): Promise<MemberProfileRecord> {
    await this.requireProfile(projectId, teamId, userId);
    await this.#repository.updateProfile(teamId, userId, changes);
    return this.requireProfile(projectId, teamId, userId);
  }

  // ---- what the core asks of teams (TeamLinks) ----

  async requireSelectableTeam(projectId: string, teamId: string, userId: string): Promise<void> {
    await this.require(projectId, teamId);
    if (!(await this.#repository.isMember(teamId, userId))) {
      throw knownErrors.teamMembershipNotFound(teamId, userId);
    }
  }

  async presentTeam(projectId: string, teamId: string, tier: 'client' | 'server') {
    const team = await this.#repository.findTeam(projectId, teamId);
    if (!team) return null;
    return tier === 'client' ? toClientTeam(team) : toServerTeam(team);
  }

  async memberIds(projectId: string, teamId: string): Promise<string[]> {
    await this.require(projectId, teamId);
    return this.#repository.listMemberIds(teamId);
  }

  async teamIdsOf(projectId: string, userId: string): Promise<string[]> {
    const { teams } = await this.#repository.listTeams(projectId, {
      userId,
      desc: false,
      limit: 10_000,
    });
    return teams.map((team) => team.id);
  }
}
