import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface InvitationRecord {
  id: string;
  teamId: string;
  teamDisplayName: string;
  recipientEmail: string;
  expiresAt: Date;
}

/**
 * SQL of team invitations: outstanding `team_invitation` codes (unused, unexpired) of teams
 * that still exist. Issuing and redeeming codes is the core's (verification-codes.ts).
 */
export class InvitationsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  #outstanding(projectId: string) {
    return this.#db
      .selectFrom('identity_verification_codes as c')
      .innerJoin('identity_teams as t', (join) =>
        join.on(sql<boolean>`t.id::text = c.data ->> 'team_id'`),
      )
      .select(['c.id', 't.id as team_id', 't.display_name', 'c.email', 'c.expires_at'])
      .where('c.project_id', '=', projectId)
      .where('c.purpose', '=', 'team_invitation')
      .where('c.used_at', 'is', null)
      .where('c.expires_at', '>', new Date());
  }

  async listForTeam(projectId: string, teamId: string): Promise<InvitationRecord[]> {
    const rows = await this.#outstanding(projectId)
      .where(sql<string>`c.data ->> 'team_id'`, '=', teamId)
      .orderBy('c.created_at')
      .execute();
    return rows.map(toInvitation);
  }

  /** Invitations sent to any of the user's email addresses. */
  async listForUser(projectId: string, userId: string): Promise<InvitationRecord[]> {
    const rows = await this.#outstanding(projectId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('identity_contact_channels as e')
            .select('e.id')
            .where('e.user_id', '=', userId)
            .where(sql<boolean>`lower(e.value) = lower(c.email)`),
        ),
      )
      .orderBy('c.created_at')
      .execute();
    return rows.map(toInvitation);
  }

  async find(projectId: string, invitationId: string): Promise<InvitationRecord | null> {
    const row = await this.#outstanding(projectId)
      .where('c.id', '=', invitationId)
      .executeTakeFirst();
    return row ? toInvitation(row) : null;
  }

  async markUsed(invitationId: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('identity_verification_codes')
      .set({ used_at: new Date() })
      .where('id', '=', invitationId)
      .where('purpose', '=', 'team_invitation')
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(projectId: string, invitationId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_verification_codes')
      .where('project_id', '=', projectId)
      .where('id', '=', invitationId)
      .where('purpose', '=', 'team_invitation')
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Whether the address is one of the user's (case-insensitive). */
  async userHasEmail(userId: string, email: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('identity_contact_channels')
      .select('id')
      .where('user_id', '=', userId)
      .where(sql<string>`lower(value)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** How many invitations a team sent since `since`: the per-team cap on sending mail. */
  async countSentSince(teamId: string, since: Date): Promise<number> {
    const row = await this.#db
      .selectFrom('identity_verification_codes')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('purpose', '=', 'team_invitation')
      .where(sql<string>`data ->> 'team_id'`, '=', teamId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

function toInvitation(row: {
  id: string;
  team_id: string;
  display_name: string;
  email: string | null;
  expires_at: Date;
}): InvitationRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    teamDisplayName: row.display_name,
    recipientEmail: row.email ?? '',
    expiresAt: row.expires_at,
  };
}
