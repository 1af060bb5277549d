import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_mfa_attempts` and `identity_totp_last_steps` (migration 0037). */
export interface IdentityMfaAttemptsTable {
  id: string;
  project_id: string;
  user_id: string;
  code_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  used_at: ColumnType<Date | null, null | undefined, Date>;
}

export interface IdentityTotpLastStepsTable {
  user_id: string;
  /** bigint: pg returns it as a string. */
  time_step: ColumnType<string | number, number, number>;
}

/** `identity_mfa_recovery_codes` (migration 0046): hashes of single-use recovery codes. */
export interface IdentityMfaRecoveryCodesTable {
  id: string;
  user_id: string;
  secret_fingerprint: string;
  code_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  used_at: ColumnType<Date | null, null | undefined, Date>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_mfa_attempts: IdentityMfaAttemptsTable;
    identity_totp_last_steps: IdentityTotpLastStepsTable;
    identity_mfa_recovery_codes: IdentityMfaRecoveryCodesTable;
  }
}

export type MfaAttemptRow = Selectable<IdentityMfaAttemptsTable>;

/** The only place with SQL for two-factor sign-in. */
export class MfaRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insertAttempt(attempt: {
    id: string;
    projectId: string;
    userId: string;
    codeHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.#db
      .insertInto('identity_mfa_attempts')
      .values({
        id: attempt.id,
        project_id: attempt.projectId,
        user_id: attempt.userId,
        code_hash: attempt.codeHash,
        expires_at: attempt.expiresAt,
      })
      .execute();
  }

  async findAttempt(codeHash: string): Promise<MfaAttemptRow | null> {
    const row = await this.#db
      .selectFrom('identity_mfa_attempts')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return row ?? null;
  }

  async findTotpSecret(userId: string): Promise<Uint8Array | null> {
    const row = await this.#db
      .selectFrom('identity_users')
      .select('totp_secret')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.totp_secret ?? null;
  }

  async findLastTimeStep(userId: string): Promise<number | null> {
    const row = await this.#db
      .selectFrom('identity_totp_last_steps')
      .select('time_step')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Number(row.time_step) : null;
  }

  /**
   * Uses up the attempt and records the accepted code's time step, both or neither: `used`
   * when another request used the attempt first, `replayed` when a code of this step or a later
   * one was accepted meanwhile (the conditional upsert is the replay guard).
   */
  async completeAttempt(
    attemptId: string,
    userId: string,
    timeStep: number,
  ): Promise<'done' | 'used' | 'replayed'> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        if (!(await useAttempt(trx, attemptId))) return 'used';
        const step = await trx
          .insertInto('identity_totp_last_steps')
          .values({ user_id: userId, time_step: timeStep })
          .onConflict((conflict) =>
            conflict
              .column('user_id')
              .doUpdateSet({ time_step: (eb) => eb.ref('excluded.time_step') })
              .where('identity_totp_last_steps.time_step', '<', timeStep),
          )
          .returning('user_id')
          .executeTakeFirst();
        if (!step) throw new ReplayedCode();
        return 'done';
      });
    } catch (error) {
      if (error instanceof ReplayedCode) return 'replayed';
      throw error;
    }
  }

  /** Replaces the user's recovery codes with a new set made for the current secret. */
  async replaceRecoveryCodes(
    userId: string,
    secretFingerprint: string,
    codes: { id: string; codeHash: string }[],
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('identity_mfa_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('identity_mfa_recovery_codes')
        .values(
          codes.map((code) => ({
            id: code.id,
            user_id: userId,
            secret_fingerprint: secretFingerprint,
            code_hash: code.codeHash,
          })),
        )
        .execute();
    });
  }

  /**
   * Uses up the attempt and one unused recovery code of the current secret, both or neither:
   * `wrong` when no such code matches, `used` when another request used the attempt first.
   */
  async completeAttemptWithRecoveryCode(
    attemptId: string,
    userId: string,
    codeHash: string,
    secretFingerprint: string,
  ): Promise<'done' | 'used' | 'wrong'> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        if (!(await useAttempt(trx, attemptId))) return 'used';
        const spent = await trx
          .updateTable('identity_mfa_recovery_codes')
          .set({ used_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('code_hash', '=', codeHash)
          .where('secret_fingerprint', '=', secretFingerprint)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (spent.numUpdatedRows === 0n) throw new WrongRecoveryCode();
        return 'done';
      });
    } catch (error) {
      if (error instanceof WrongRecoveryCode) return 'wrong';
      throw error;
    }
  }

  /** How many of the user's recovery codes for the current secret are still unused. */
  async countUnusedRecoveryCodes(userId: string, secretFingerprint: string): Promise<number> {
    const row = await this.#db
      .selectFrom('identity_mfa_recovery_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .where('secret_fingerprint', '=', secretFingerprint)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

/** Thrown to roll back the attempt's use when no recovery code matched. */
class WrongRecoveryCode extends Error {}

/** Thrown to roll back the attempt's use when its code turns out to be a replay. */
class ReplayedCode extends Error {}

/** Marks the attempt used, unless another request used it first (then false). */
async function useAttempt(trx: Kysely<DatabaseSchema>, attemptId: string): Promise<boolean> {
  const used = await trx
    .updateTable('identity_mfa_attempts')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', attemptId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}
