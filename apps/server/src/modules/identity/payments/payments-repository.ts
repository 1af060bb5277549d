import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_item_quantity_changes` (migration 0052): the ledger of item quantities. */
export interface IdentityItemQuantityChangesTable {
  id: string;
  project_id: string;
  customer_type: string;
  customer_id: string;
  item_id: string;
  delta: ColumnType<string, number, never>;
  expires_at: Date | null;
  description: string | null;
  source: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** `identity_payment_accounts` (migration 0052): each project's connected Stripe account. */
export interface IdentityPaymentAccountsTable {
  project_id: string;
  stripe_account_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_item_quantity_changes: IdentityItemQuantityChangesTable;
    identity_payment_accounts: IdentityPaymentAccountsTable;
  }
}

export interface CustomerItem {
  projectId: string;
  customerType: string;
  customerId: string;
  itemId: string;
}

export interface QuantityChange {
  id: string;
  delta: number;
  expiresAt: Date | null;
  description: string | null;
  /** Makes the change happen once: a second change with this source is skipped. */
  source?: string;
}

type Db = Kysely<DatabaseSchema>;

/** SQL of the payments capability. */
export class PaymentsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The customer's quantity of the item: the changes that have not expired, added up. */
  quantity(key: CustomerItem): Promise<number> {
    return quantityIn(this.#db, key);
  }

  /**
   * Applies a change unless it would leave the quantity below zero (when `allowNegative` is
   * false). Changes of one customer's item are serialised by an advisory lock, so two decreases
   * at once cannot both spend the last unit. Returns the quantity before, and whether it applied.
   */
  async change(
    key: CustomerItem,
    change: QuantityChange,
    allowNegative: boolean,
  ): Promise<{ applied: boolean; before: number }> {
    return this.#db.transaction().execute(async (trx) => {
      const lockKey = [key.projectId, key.customerType, key.customerId, key.itemId].join('|');
      await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(trx);
      const before = await quantityIn(trx, key);
      if (!allowNegative && before + change.delta < 0) return { applied: false, before };
      await trx
        .insertInto('identity_item_quantity_changes')
        .values({
          id: change.id,
          project_id: key.projectId,
          customer_type: key.customerType,
          customer_id: key.customerId,
          item_id: key.itemId,
          delta: change.delta,
          expires_at: change.expiresAt,
          description: change.description,
          source: change.source ?? null,
        })
        .onConflict((conflict) => conflict.column('source').doNothing())
        .execute();
      return { applied: true, before };
    });
  }

  async findAccount(projectId: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('identity_payment_accounts')
      .select('stripe_account_id')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row?.stripe_account_id ?? null;
  }

  async saveAccount(projectId: string, stripeAccountId: string): Promise<void> {
    await this.#db
      .insertInto('identity_payment_accounts')
      .values({ project_id: projectId, stripe_account_id: stripeAccountId })
      .onConflict((conflict) => conflict.column('project_id').doNothing())
      .execute();
  }
}

async function quantityIn(db: Db, key: CustomerItem): Promise<number> {
  const row = await db
    .selectFrom('identity_item_quantity_changes')
    .select(sql<string>`coalesce(sum(delta), 0)`.as('quantity'))
    .where('project_id', '=', key.projectId)
    .where('customer_type', '=', key.customerType)
    .where('customer_id', '=', key.customerId)
    .where('item_id', '=', key.itemId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirstOrThrow();
  return Number(row.quantity);
}
