import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

/** SQL of the admin tier: who owns projects, permission grants by id, and metrics. */
export class AdminRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The teams (of the given project) the user belongs to. */
  async teamIdsOf(projectId: string, userId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('identity_team_members as m')
      .innerJoin('identity_teams as t', 't.id', 'm.team_id')
      .select('m.team_id')
      .where('t.project_id', '=', projectId)
      .where('m.user_id', '=', userId)
      .execute();
    return rows.map((row) => row.team_id);
  }

  async isTeamMember(teamId: string, userId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('identity_team_members')
      .select('team_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Renames (or, with null, removes) every grant of a permission in the project. */
  async renameGrants(
    projectId: string,
    scope: 'team' | 'project',
    permissionId: string,
    newId: string | null,
  ): Promise<void> {
    const table = scope === 'team' ? 'identity_team_permissions' : 'identity_project_permissions';
    if (newId === null) {
      await this.#db
        .deleteFrom(table)
        .where('project_id', '=', projectId)
        .where('permission_id', '=', permissionId)
        .execute();
    } else {
      await this.#db
        .updateTable(table)
        .set({ permission_id: newId })
        .where('project_id', '=', projectId)
        .where('permission_id', '=', permissionId)
        .execute();
    }
  }

  // ---- metrics ----

  async countUsers(projectId: string, includeAnonymous: boolean): Promise<number> {
    const row = await this.#db
      .selectFrom('identity_users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('project_id', '=', projectId)
      .$if(!includeAnonymous, (q) => q.where('is_anonymous', '=', false))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Sign-ups per UTC day since `since`. */
  async dailySignUps(projectId: string, since: Date, includeAnonymous: boolean) {
    const day = sql<string>`to_char(signed_up_at at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.#db
      .selectFrom('identity_users')
      .select([day.as('day'), (eb) => eb.fn.countAll<string>().as('count')])
      .where('project_id', '=', projectId)
      .where('signed_up_at', '>=', since)
      .$if(!includeAnonymous, (q) => q.where('is_anonymous', '=', false))
      .groupBy(day)
      .execute();
    return new Map(rows.map((row) => [row.day, Number(row.count)]));
  }

  /**
   * Users active per UTC day since `since`: a user counts on a day they signed up, signed in
   * (a session began) or used a session (a token refresh), or were last seen.
   */
  async dailyActiveUsers(projectId: string, since: Date, includeAnonymous: boolean) {
    const anonymous = includeAnonymous ? sql`true` : sql`not u.is_anonymous`;
    const result = await sql<{ day: string; count: string }>`
      select to_char(a.at at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct a.user_id) as count
      from (
        select u.id as user_id, u.signed_up_at as at from identity_users u
          where u.project_id = ${projectId} and u.signed_up_at >= ${since} and ${anonymous}
        union all
        select u.id, u.last_active_at from identity_users u
          where u.project_id = ${projectId} and u.last_active_at >= ${since} and ${anonymous}
        union all
        select s.user_id, s.created_at from identity_sessions s join identity_users u on u.id = s.user_id
          where s.project_id = ${projectId} and s.created_at >= ${since} and ${anonymous}
        union all
        select s.user_id, s.last_used_at from identity_sessions s join identity_users u on u.id = s.user_id
          where s.project_id = ${projectId} and s.last_used_at >= ${since} and ${anonymous}
      ) a
      group by 1
    `.execute(this.#db);
    return new Map(result.rows.map((row) => [row.day, Number(row.count)]));
  }

  /** Users per country code (ISO 3166-1 alpha-2); users without one are left out. */
  async usersByCountry(projectId: string, includeAnonymous: boolean) {
    const rows = await this.#db
      .selectFrom('identity_users')
      .select(['country_code', (eb) => eb.fn.countAll<string>().as('count')])
      .where('project_id', '=', projectId)
      .where('country_code', 'is not', null)
      .$if(!includeAnonymous, (q) => q.where('is_anonymous', '=', false))
      .groupBy('country_code')
      .orderBy('country_code')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.country_code!, Number(row.count)]));
  }
}
