import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, IdentityTeamsTable } from '../../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface TeamRecord {
  id: string;
  projectId: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  createdAt: Date;
}

export type TeamChanges = Partial<{
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
}>;

/** A member's profile in a team; the names fall back to the user's own. */
export interface MemberProfileRecord {
  teamId: string;
  userId: string;
  displayName: string | null;
  profileImageUrl: string | null;
}

export interface TeamListQuery {
  userId?: string;
  query?: string;
  desc: boolean;
  limit: number;
  cursor?: string;
}

const toJson = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value);

function toTeamRecord(row: Selectable<IdentityTeamsTable>): TeamRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    displayName: row.display_name,
    profileImageUrl: row.profile_image_url,
    clientMetadata: row.client_metadata,
    clientReadOnlyMetadata: row.client_read_only_metadata,
    serverMetadata: row.server_metadata,
    createdAt: row.created_at,
  };
}

/** SQL of teams and memberships (stack-auth.md §3.11, §3.12). */
export class TeamsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  transaction<T>(work: (repository: TeamsRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new TeamsRepository(trx)));
  }

  async insertTeam(team: {
    id: string;
    projectId: string;
    displayName: string;
    profileImageUrl: string | null;
    clientMetadata?: unknown;
    clientReadOnlyMetadata?: unknown;
    serverMetadata?: unknown;
  }) {
    await this.#db
      .insertInto('identity_teams')
      .values({
        id: team.id,
        project_id: team.projectId,
        display_name: team.displayName,
        profile_image_url: team.profileImageUrl,
        client_metadata: toJson(team.clientMetadata),
        client_read_only_metadata: toJson(team.clientReadOnlyMetadata),
        server_metadata: toJson(team.serverMetadata),
      })
      .execute();
  }

  async findTeam(projectId: string, teamId: string): Promise<TeamRecord | null> {
    const row = await this.#db
      .selectFrom('identity_teams')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', teamId)
      .executeTakeFirst();
    return row ? toTeamRecord(row) : null;
  }

  /** A page of teams by creation time (ties by id); `cursor` is the first team's id. */
  async listTeams(
    projectId: string,
    options: TeamListQuery,
  ): Promise<{ teams: TeamRecord[]; nextCursor: string | null }> {
    let query = this.#db
      .selectFrom('identity_teams as t')
      .selectAll('t')
      .where('t.project_id', '=', projectId);
    if (options.userId) {
      const userId = options.userId;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('identity_team_members as m')
            .select('m.user_id')
            .whereRef('m.team_id', '=', 't.id')
            .where('m.user_id', '=', userId),
        ),
      );
    }
    if (options.query) {
      const pattern = `%${options.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query = query.where('t.display_name', 'ilike', pattern);
    }
    if (options.cursor) {
      const comparison = options.desc ? '<=' : '>=';
      query = query.where(
        sql<boolean>`(t.created_at, t.id) ${sql.raw(comparison)} (
          select created_at, id from identity_teams where id = ${options.cursor}
        )`,
      );
    }
    const direction = options.desc ? 'desc' : 'asc';
    const rows = await query
      .orderBy('t.created_at', direction)
      .orderBy('t.id', direction)
      .limit(options.limit + 1)
      .execute();
    return {
      teams: rows.slice(0, options.limit).map(toTeamRecord),
      nextCursor: rows.length > options.limit ? rows[options.limit]!.id : null,
    };
  }

  async updateTeam(projectId: string, teamId: string, changes: TeamChanges) {
    const values = Object.fromEntries(
      Object.entries({
        display_name: changes.displayName,
        profile_image_url: changes.profileImageUrl,
        client_metadata:
          changes.clientMetadata === undefined ? undefined : toJson(changes.clientMetadata),
        client_read_only_metadata:
          changes.clientReadOnlyMetadata === undefined
            ? undefined
            : toJson(changes.clientReadOnlyMetadata),
        server_metadata:
          changes.serverMetadata === undefined ? undefined : toJson(changes.serverMetadata),
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(values).length === 0) return;
    await this.#db
      .updateTable('identity_teams')
      .set(values)
      .where('project_id', '=', projectId)
      .where('id', '=', teamId)
      .execute();
  }

  async deleteTeam(projectId: string, teamId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_teams')
      .where('project_id', '=', projectId)
      .where('id', '=', teamId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // ---- memberships ----

  /** Adds a member; false when they already were one. */
  async insertMember(projectId: string, teamId: string, userId: string): Promise<boolean> {
    const result = await this.#db
      .insertInto('identity_team_members')
      .values({ project_id: projectId, team_id: teamId, user_id: userId })
      .onConflict((conflict) => conflict.columns(['team_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async isMember(teamId: string, userId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('identity_team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes a member and, if it was their selected team, unselects it. */
  async deleteMember(teamId: string, userId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_team_members')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await this.#db
      .updateTable('identity_users')
      .set({ selected_team_id: null })
      .where('id', '=', userId)
      .where('selected_team_id', '=', teamId)
      .execute();
    return result.numDeletedRows > 0n;
  }

  async listMemberIds(teamId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('identity_team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** Profiles of a team's members (or one of them), oldest membership first. */
  async listProfiles(teamId: string, userId?: string): Promise<MemberProfileRecord[]> {
    let query = this.#db
      .selectFrom('identity_team_members as m')
      .innerJoin('identity_users as u', 'u.id', 'm.user_id')
      .select([
        'm.team_id',
        'm.user_id',
        sql<string | null>`coalesce(m.display_name, u.display_name)`.as('display_name'),
        sql<string | null>`coalesce(m.profile_image_url, u.profile_image_url)`.as(
          'profile_image_url',
        ),
      ])
      .where('m.team_id', '=', teamId);
    if (userId) query = query.where('m.user_id', '=', userId);
    const rows = await query.orderBy('m.created_at').orderBy('m.user_id').execute();
    return rows.map((row) => ({
      teamId: row.team_id,
      userId: row.user_id,
      displayName: row.display_name,
      profileImageUrl: row.profile_image_url,
    }));
  }

  async updateProfile(
    teamId: string,
    userId: string,
    changes: { displayName?: string | null; profileImageUrl?: string | null },
  ) {
    const values = Object.fromEntries(
      Object.entries({
        display_name: changes.displayName,
        profile_image_url: changes.profileImageUrl,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(values).length === 0) return;
    await this.#db
      .updateTable('identity_team_members')
      .set(values)
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .execute();
  }
}
