import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_passkeys` (migration 0039). */
export interface IdentityPasskeysTable {
  id: string;
  project_id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** bigint: pg returns it as a string. */
  counter: ColumnType<string | number, number | undefined, number>;
  transports: ColumnType<string, string | undefined, string>;
  device_type: string;
  backed_up: boolean;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date>;
}

/** `identity_passkey_challenges` (migration 0039). */
export interface IdentityPasskeyChallengesTable {
  id: string;
  project_id: string;
  user_id: string | null;
  kind: 'registration' | 'authentication';
  code_hash: string;
  challenge: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  used_at: ColumnType<Date | null, null | undefined, Date>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_passkeys: IdentityPasskeysTable;
    identity_passkey_challenges: IdentityPasskeyChallengesTable;
  }
}

export type PasskeyRow = Selectable<IdentityPasskeysTable>;
export type PasskeyChallengeRow = Selectable<IdentityPasskeyChallengesTable>;

/** The only place with SQL for passkeys. */
export class PasskeysRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insertChallenge(challenge: {
    id: string;
    projectId: string;
    userId: string | null;
    kind: 'registration' | 'authentication';
    codeHash: string;
    challenge: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.#db
      .insertInto('identity_passkey_challenges')
      .values({
        id: challenge.id,
        project_id: challenge.projectId,
        user_id: challenge.userId,
        kind: challenge.kind,
        code_hash: challenge.codeHash,
        challenge: challenge.challenge,
        expires_at: challenge.expiresAt,
      })
      .execute();
  }

  /** Marks a live challenge used and returns it, once; used, expired or unknown ones give null. */
  async redeemChallenge(
    projectId: string,
    kind: 'registration' | 'authentication',
    codeHash: string,
  ): Promise<PasskeyChallengeRow | null> {
    const row = await this.#db
      .updateTable('identity_passkey_challenges')
      .set({ used_at: new Date() })
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  listForUser(projectId: string, userId: string): Promise<PasskeyRow[]> {
    return this.#db
      .selectFrom('identity_passkeys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async findByCredentialId(projectId: string, credentialId: string): Promise<PasskeyRow | null> {
    const row = await this.#db
      .selectFrom('identity_passkeys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row ?? null;
  }

  async insertPasskey(passkey: {
    id: string;
    projectId: string;
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string;
    deviceType: string;
    backedUp: boolean;
  }): Promise<void> {
    await this.#db
      .insertInto('identity_passkeys')
      .values({
        id: passkey.id,
        project_id: passkey.projectId,
        user_id: passkey.userId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
        device_type: passkey.deviceType,
        backed_up: passkey.backedUp,
      })
      .execute();
  }

  /**
   * Records a sign-in's counter, only if it still moves forward from the one the check read:
   * of two sign-ins racing with the same answer, one wins.
   */
  async advanceCounter(id: string, previous: number, next: number): Promise<boolean> {
    const result = await this.#db
      .updateTable('identity_passkeys')
      .set({ counter: next, last_used_at: new Date() })
      .where('id', '=', id)
      .where('counter', '=', previous)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deletePasskey(projectId: string, userId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_passkeys')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
