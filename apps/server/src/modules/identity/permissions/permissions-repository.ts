import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface TeamGrant {
  teamId: string;
  userId: string;
  permissionId: string;
}

/** SQL of granted permissions (stack-auth.md §3.14). */
export class PermissionsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Grants in teams; each filter is optional. */
  async listTeamGrants(
    projectId: string,
    filter: { teamId?: string; userId?: string },
  ): Promise<TeamGrant[]> {
    let query = this.#db
      .selectFrom('identity_team_permissions')
      .select(['team_id', 'user_id', 'permission_id'])
      .where('project_id', '=', projectId);
    if (filter.teamId) query = query.where('team_id', '=', filter.teamId);
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    const rows = await query
      .orderBy('team_id')
      .orderBy('user_id')
      .orderBy('permission_id')
      .execute();
    return rows.map((row) => ({
      teamId: row.team_id,
      userId: row.user_id,
      permissionId: row.permission_id,
    }));
  }

  async insertTeamGrants(projectId: string, teamId: string, userId: string, ids: string[]) {
    if (ids.length === 0) return;
    await this.#db
      .insertInto('identity_team_permissions')
      .values(
        ids.map((id) => ({
          project_id: projectId,
          team_id: teamId,
          user_id: userId,
          permission_id: id,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['team_id', 'user_id', 'permission_id']).doNothing(),
      )
      .execute();
  }

  async deleteTeamGrant(teamId: string, userId: string, permissionId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_team_permissions')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .where('permission_id', '=', permissionId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async listProjectGrants(
    projectId: string,
    userId?: string,
  ): Promise<{ userId: string; permissionId: string }[]> {
    let query = this.#db
      .selectFrom('identity_project_permissions')
      .select(['user_id', 'permission_id'])
      .where('project_id', '=', projectId);
    if (userId) query = query.where('user_id', '=', userId);
    const rows = await query.orderBy('user_id').orderBy('permission_id').execute();
    return rows.map((row) => ({ userId: row.user_id, permissionId: row.permission_id }));
  }

  async insertProjectGrants(projectId: string, userId: string, ids: string[]) {
    if (ids.length === 0) return;
    await this.#db
      .insertInto('identity_project_permissions')
      .values(ids.map((id) => ({ project_id: projectId, user_id: userId, permission_id: id })))
      .onConflict((conflict) => conflict.columns(['user_id', 'permission_id']).doNothing())
      .execute();
  }

  async deleteProjectGrant(userId: string, permissionId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_project_permissions')
      .where('user_id', '=', userId)
      .where('permission_id', '=', permissionId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
