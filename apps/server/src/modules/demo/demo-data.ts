import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import type { AccountsSetup } from '../auth/accounts-setup.ts';
import { loadDemoCatalog } from './catalog-loader.ts';
import { loadDemoMerchant } from './demo-merchant.ts';

/**
 * Demo accounts for local use (listed in the README) and the demo catalog. They are created on
 * the embedded database's first start, and on PostgreSQL only when IPICK_DEMO=1 asks for them.
 */
export const demoAccounts = {
  shopper: { email: 'shopper@demo.ipick.local', password: 'demo-shopper-1' },
  merchant: {
    email: 'merchant@demo.ipick.local',
    password: 'demo-merchant-1',
    name: 'Demo Electronics',
    domain: 'demo-electronics.ipick.local',
  },
  admin: { email: 'admin@demo.ipick.local', password: 'demo-admin-1' },
} as const;

const DEMO_STATE_KEY = 'demo_data';

/** Products in the demo catalog (about 11,000 offers across the nine retailers). */
const DEMO_CATALOG_PRODUCTS = 3000;

/** Loads the demo data once per database; later starts find the marker and skip it. */
export async function loadDemoDataOnce(
  db: Kysely<DatabaseSchema>,
  setup: AccountsSetup,
): Promise<boolean> {
  const marker = await db
    .selectFrom('app_state')
    .select('key')
    .where('key', '=', DEMO_STATE_KEY)
    .executeTakeFirst();
  if (marker) return false;
  const shopper = await setup.ensureUser(
    demoAccounts.shopper.email,
    demoAccounts.shopper.password,
    'Demo Shopper',
  );
  const business = await setup.ensureBusiness(demoAccounts.merchant);
  await setup.ensureAdmin(demoAccounts.admin.email, demoAccounts.admin.password);
  const catalog = { seed: 1, products: DEMO_CATALOG_PRODUCTS };
  await loadDemoCatalog(db, catalog);
  // The demo merchant's shop with its feed, keys and three weeks of shoppers (issue 19).
  await loadDemoMerchant(db, { business, shopperUserId: shopper.user.id, catalog });
  await db
    .insertInto('app_state')
    .values({ key: DEMO_STATE_KEY, value: JSON.stringify({ loadedAt: new Date().toISOString() }) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return true;
}
