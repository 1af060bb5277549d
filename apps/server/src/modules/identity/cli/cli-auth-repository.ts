import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_cli_auth_attempts` (migration 0036); declared beside the only code that touches it. */
export interface IdentityCliAuthAttemptsTable {
  id: string;
  project_id: string;
  polling_code_hash: string;
  login_code_hash: string;
  anon_user_id: string | null;
  user_id: ColumnType<string | null, null | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  completed_at: ColumnType<Date | null, null | undefined, Date>;
  used_at: ColumnType<Date | null, null | undefined, Date>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_cli_auth_attempts: IdentityCliAuthAttemptsTable;
  }
}

export type CliAuthAttemptRow = Selectable<IdentityCliAuthAttemptsTable>;

export interface NewCliAuthAttempt {
  id: string;
  projectId: string;
  pollingCodeHash: string;
  loginCodeHash: string;
  anonUserId: string | null;
  expiresAt: Date;
}

/** The only place with SQL for CLI login attempts. */
export class CliAuthRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insert(attempt: NewCliAuthAttempt): Promise<void> {
    await this.#db
      .insertInto('identity_cli_auth_attempts')
      .values({
        id: attempt.id,
        project_id: attempt.projectId,
        polling_code_hash: attempt.pollingCodeHash,
        login_code_hash: attempt.loginCodeHash,
        anon_user_id: attempt.anonUserId,
        expires_at: attempt.expiresAt,
      })
      .execute();
  }

  async findByPollingCode(
    projectId: string,
    pollingCodeHash: string,
  ): Promise<CliAuthAttemptRow | null> {
    const row = await this.#db
      .selectFrom('identity_cli_auth_attempts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('polling_code_hash', '=', pollingCodeHash)
      .executeTakeFirst();
    return row ?? null;
  }

  /** An attempt of this login code that is still open: not expired, completed or collected. */
  async findOpenByLoginCode(
    projectId: string,
    loginCodeHash: string,
  ): Promise<CliAuthAttemptRow | null> {
    const row = await this.#db
      .selectFrom('identity_cli_auth_attempts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('login_code_hash', '=', loginCodeHash)
      .where('user_id', 'is', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Gives an open attempt to `userId`. One statement, so two browsers completing the same code
   * cannot both win; false when the attempt was not open.
   */
  async complete(projectId: string, loginCodeHash: string, userId: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('identity_cli_auth_attempts')
      .set({ user_id: userId, completed_at: sql<Date>`now()` })
      .where('project_id', '=', projectId)
      .where('login_code_hash', '=', loginCodeHash)
      .where('user_id', 'is', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Marks a completed, unexpired attempt collected and returns its user; null when it was not
   * ready. One statement, so two polls at once cannot both collect a session.
   */
  async collect(attemptId: string): Promise<string | null> {
    const row = await this.#db
      .updateTable('identity_cli_auth_attempts')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', attemptId)
      .where('user_id', 'is not', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}
