import type { IdentityEvents } from '../core/identity-events.ts';
import type { ProjectRecord } from '../core/identity-repository.ts';
import { knownErrors } from '../core/known-errors.ts';
import type { Projects } from '../core/projects.ts';
import type { TeamMemberPermissions, Teams } from '../teams/teams.ts';
import {
  defaultGrants,
  definitionsOf,
  expandPermissions,
  type PermissionScope,
} from '../core/permission-definitions.ts';
import type { PermissionsRepository, TeamGrant } from './permissions-repository.ts';

/**
 * Team and project permissions (stack-auth.md §3.14): grants, checks and default sets. A
 * listing with `recursive` also names every permission the granted ones contain.
 */
export class Permissions implements TeamMemberPermissions {
  readonly #repository: PermissionsRepository;
  readonly #projects: Projects;
  readonly #teams: Teams;
  /** Where team permission grants and revocations are announced; set by the wiring. */
  events: IdentityEvents | null = null;

  constructor(repository: PermissionsRepository, projects: Projects, teams: Teams) {
    this.#repository = repository;
    this.#projects = projects;
    this.#teams = teams;
  }

  async #config(projectId: string) {
    const project = await this.#projects.find(projectId);
    if (!project) throw knownErrors.currentProjectNotFound(projectId);
    return project.config;
  }

  async grantDefaults(
    projectId: string,
    teamId: string,
    userId: string,
    role: 'creator' | 'member',
  ): Promise<void> {
    const ids = defaultGrants(await this.#config(projectId), role);
    await this.#repository.insertTeamGrants(projectId, teamId, userId, ids);
  }

  /** Gives a new user the project's default permissions (spec §6 "every user"). */
  async grantUserDefaults(project: ProjectRecord, userId: string): Promise<void> {
    await this.#repository.insertProjectGrants(
      project.id,
      userId,
      defaultGrants(project.config, 'user'),
    );
  }

  async has(
    projectId: string,
    teamId: string,
    userId: string,
    permissionId: string,
  ): Promise<boolean> {
    const grants = await this.#repository.listTeamGrants(projectId, { teamId, userId });
    const definitions = definitionsOf(await this.#config(projectId), 'team');
    return expandPermissions(
      grants.map((grant) => grant.permissionId),
      definitions,
    ).has(permissionId);
  }

  /** Team permissions held, per team and user; filters are optional. */
  async listTeam(
    project: ProjectRecord,
    filter: { teamId?: string; userId?: string; permissionId?: string; recursive: boolean },
  ): Promise<TeamGrant[]> {
    if (filter.teamId) await this.#teams.require(project.id, filter.teamId);
    const grants = await this.#repository.listTeamGrants(project.id, filter);
    const held = filter.recursive
      ? expandByHolder(grants, definitionsOf(project.config, 'team'))
      : grants;
    return filter.permissionId
      ? held.filter((grant) => grant.permissionId === filter.permissionId)
      : held;
  }

  async grantTeam(project: ProjectRecord, teamId: string, userId: string, permissionId: string) {
    requireDefined(project, 'team', permissionId);
    await this.#teams.require(project.id, teamId);
    if (!(await this.#teams.isMember(teamId, userId))) {
      throw knownErrors.teamMembershipNotFound(teamId, userId);
    }
    await this.#repository.insertTeamGrants(project.id, teamId, userId, [permissionId]);
    await this.#announce(project.id, 'team_permission.created', teamId, userId, permissionId);
  }

  async #announce(
    projectId: string,
    type: 'team_permission.created' | 'team_permission.deleted',
    teamId: string,
    userId: string,
    permissionId: string,
  ) {
    const data = { id: permissionId, team_id: teamId, user_id: userId };
    await this.events?.emit({ projectId, type, data });
  }

  async revokeTeam(project: ProjectRecord, teamId: string, userId: string, permissionId: string) {
    requireDefined(project, 'team', permissionId);
    await this.#teams.require(project.id, teamId);
    if (!(await this.#repository.deleteTeamGrant(teamId, userId, permissionId))) {
      throw knownErrors.teamPermissionNotFound(teamId, userId, permissionId);
    }
    await this.#announce(project.id, 'team_permission.deleted', teamId, userId, permissionId);
  }

  /** Project permissions held, per user. */
  async listProject(
    project: ProjectRecord,
    filter: { userId?: string; permissionId?: string; recursive: boolean },
  ): Promise<{ userId: string; permissionId: string }[]> {
    const grants = await this.#repository.listProjectGrants(project.id, filter.userId);
    const definitions = definitionsOf(project.config, 'project');
    const held = filter.recursive
      ? expandByHolder(
          grants.map((grant) => ({ ...grant, teamId: '' })),
          definitions,
        ).map(({ userId, permissionId }) => ({ userId, permissionId }))
      : grants;
    return filter.permissionId
      ? held.filter((grant) => grant.permissionId === filter.permissionId)
      : held;
  }

  async grantProject(project: ProjectRecord, userId: string, permissionId: string) {
    requireDefined(project, 'project', permissionId);
    await this.#repository.insertProjectGrants(project.id, userId, [permissionId]);
  }

  async revokeProject(project: ProjectRecord, userId: string, permissionId: string) {
    requireDefined(project, 'project', permissionId);
    if (!(await this.#repository.deleteProjectGrant(userId, permissionId))) {
      throw knownErrors.projectPermissionRequired(userId, permissionId);
    }
  }
}

/**
 * Refuses a permission the scope does not define: WRONG_PERMISSION_SCOPE when the other scope
 * has it, else PERMISSION_NOT_FOUND (both 404).
 */
function requireDefined(project: ProjectRecord, scope: PermissionScope, permissionId: string) {
  if (definitionsOf(project.config, scope).has(permissionId)) return;
  const other: PermissionScope = scope === 'team' ? 'project' : 'team';
  if (definitionsOf(project.config, other).has(permissionId)) {
    throw knownErrors.wrongPermissionScope(permissionId, scope, other);
  }
  throw knownErrors.permissionNotFound(permissionId);
}

/** Each holder's grants with everything they contain, holders kept apart. */
function expandByHolder(
  grants: TeamGrant[],
  definitions: ReturnType<typeof definitionsOf>,
): TeamGrant[] {
  const byHolder = new Map<string, { teamId: string; userId: string; ids: string[] }>();
  for (const grant of grants) {
    const key = `${grant.teamId}/${grant.userId}`;
    const holder = byHolder.get(key) ?? { teamId: grant.teamId, userId: grant.userId, ids: [] };
    holder.ids.push(grant.permissionId);
    byHolder.set(key, holder);
  }
  return [...byHolder.values()].flatMap((holder) =>
    [...expandPermissions(holder.ids, definitions)]
      .sort()
      .map((permissionId) => ({ teamId: holder.teamId, userId: holder.userId, permissionId })),
  );
}
