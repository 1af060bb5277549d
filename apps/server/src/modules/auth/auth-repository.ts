import { sql, type Kysely, type Selectable } from 'kysely';
import type { BusinessesTable, DatabaseSchema } from '../../platform/db/schema.ts';

export type BusinessRecord = Selectable<BusinessesTable>;

/** The only place with SQL for product accounts: admin flags and businesses. */
export class AuthRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async isAdmin(userId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('auth_admins')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async grantAdmin(userId: string): Promise<void> {
    await this.#db
      .insertInto('auth_admins')
      .values({ user_id: userId })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
  }

  /** Whether an admin disabled the user (module admin): no sign-in, no session. */
  async isDisabled(userId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('auth_disabled_users')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The business a user runs (a user runs at most one here). */
  findBusinessOfUser(userId: string): Promise<BusinessRecord | undefined> {
    return this.#db
      .selectFrom('businesses as b')
      .innerJoin('business_members as m', 'm.business_id', 'b.id')
      .selectAll('b')
      .where('m.user_id', '=', userId)
      .orderBy('m.created_at')
      .limit(1)
      .executeTakeFirst();
  }

  async staffRoleOf(
    businessId: string,
    userId: string,
  ): Promise<'owner' | 'admin' | 'member' | undefined> {
    const row = await this.#db
      .selectFrom('business_members')
      .select('role')
      .where('business_id', '=', businessId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  }

  async isDomainTaken(domain: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('businesses')
      .select('id')
      .where(sql<string>`lower(domain)`, '=', domain.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertBusinessWithOwner(business: {
    id: string;
    name: string;
    domain: string;
    contactEmail: string;
    status: BusinessRecord['status'];
    ownerUserId: string;
  }): Promise<BusinessRecord> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('businesses')
        .values({
          id: business.id,
          name: business.name,
          domain: business.domain,
          contact_email: business.contactEmail,
          status: business.status,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('business_members')
        .values({ business_id: business.id, user_id: business.ownerUserId, role: 'owner' })
        .execute();
      return row;
    });
  }
}
