import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, IdentityContactChannelsTable } from '../../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export type ContactChannelRecord = Selectable<IdentityContactChannelsTable>;

export interface ContactChannelChanges {
  value?: string;
  isVerified?: boolean;
  isPrimary?: boolean;
  usedForAuth?: boolean;
}

/** SQL of a user's email addresses (stack-auth.md §3.9). */
export class ContactChannelsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  transaction<T>(work: (repository: ContactChannelsRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new ContactChannelsRepository(trx)));
  }

  list(userId: string): Promise<ContactChannelRecord[]> {
    return this.#db
      .selectFrom('identity_contact_channels')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async find(userId: string, channelId: string): Promise<ContactChannelRecord | null> {
    const row = await this.#db
      .selectFrom('identity_contact_channels')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', channelId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Whether someone other than `userId` signs in with this address. */
  async isUsedForAuthByOther(projectId: string, userId: string, value: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('identity_contact_channels')
      .select('id')
      .where('project_id', '=', projectId)
      .where('used_for_auth', '=', true)
      .where('user_id', '!=', userId)
      .where(sql<string>`lower(value)`, '=', value.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasValue(userId: string, value: string, exceptId?: string): Promise<boolean> {
    let query = this.#db
      .selectFrom('identity_contact_channels')
      .select('id')
      .where('user_id', '=', userId)
      .where(sql<string>`lower(value)`, '=', value.toLowerCase());
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(channel: {
    id: string;
    projectId: string;
    userId: string;
    value: string;
    isVerified: boolean;
    usedForAuth: boolean;
  }) {
    await this.#db
      .insertInto('identity_contact_channels')
      .values({
        id: channel.id,
        project_id: channel.projectId,
        user_id: channel.userId,
        type: 'email',
        value: channel.value,
        is_verified: channel.isVerified,
        is_primary: false,
        used_for_auth: channel.usedForAuth,
      })
      .execute();
  }

  /** Applies changes; making a channel primary first takes primary from the user's others. */
  async update(userId: string, channelId: string, changes: ContactChannelChanges) {
    if (changes.isPrimary) {
      await this.#db
        .updateTable('identity_contact_channels')
        .set({ is_primary: false })
        .where('user_id', '=', userId)
        .where('id', '!=', channelId)
        .where('is_primary', '=', true)
        .execute();
    }
    const values = Object.fromEntries(
      Object.entries({
        value: changes.value,
        is_verified: changes.isVerified,
        is_primary: changes.isPrimary,
        used_for_auth: changes.usedForAuth,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(values).length === 0) return;
    await this.#db
      .updateTable('identity_contact_channels')
      .set(values)
      .where('user_id', '=', userId)
      .where('id', '=', channelId)
      .execute();
  }

  async delete(userId: string, channelId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_contact_channels')
      .where('user_id', '=', userId)
      .where('id', '=', channelId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
