import { randomUUID } from 'node:crypto';
import type { CompareResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadDemoCatalog } from '../demo/catalog-loader.ts';
import { findMerchantDomains } from './merchant-domains.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await loadDemoCatalog(testDb.database.db, { seed: 11, products: 40 });
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function buildBusiness(domain: string, status: 'pending' | 'active' | 'suspended') {
  const id = randomUUID();
  await testDb.database.db
    .insertInto('businesses')
    .values({
      id,
      name: `Shop ${domain}`,
      domain,
      contact_email: `owner@${domain}`,
      status,
    })
    .execute();
  return id;
}

async function addDomain(businessId: string, domain: string, isVerified: boolean) {
  await testDb.database.db
    .insertInto('business_domains')
    .values({
      id: randomUUID(),
      business_id: businessId,
      domain,
      verification_token: 'token',
      verified_at: isVerified ? new Date() : null,
    })
    .execute();
}

describe('merchant offers in a comparison', () => {
  it('marks offers on an active merchant domain (or a subdomain of it) and no others', async () => {
    // A product sold by at least three retailers: paste one, make another's shop a merchant.
    const { rows } = await sql<{ url: string; product_id: string }>`
      select o.url, o.product_id from offers o
      where o.product_id in (
        select product_id from offers group by product_id
        having count(distinct retailer_id) >= 3)
      order by o.url limit 1`.execute(testDb.database.db);
    const pasted = rows[0]!;
    const siblings = await sql<{ url: string }>`
      select url from offers where product_id = ${pasted.product_id} and url <> ${pasted.url}
      order by url`.execute(testDb.database.db);
    const hosts = [...new Set(siblings.rows.map((row) => new URL(row.url).hostname))];
    const merchantHost = hosts.find((host) => host !== new URL(pasted.url).hostname)!;
    const merchantDomain = merchantHost.replace(/^www\./, '');
    await buildBusiness(merchantDomain.toUpperCase(), 'active');
    const otherHost = hosts.find((host) => host !== merchantHost);
    if (otherHost) await buildBusiness(otherHost.replace(/^www\./, ''), 'pending');

    const response = await app.inject({
      method: 'POST',
      url: '/api/compare',
      payload: { url: pasted.url, requestId: randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<CompareResponse>();
    const offers = [...result.sameProduct, ...result.alternatives];
    const onMerchant = offers.filter((offer) => new URL(offer.url).hostname === merchantHost);
    expect(onMerchant.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.merchantDomain).toBe(
        new URL(offer.url).hostname === merchantHost ? merchantDomain : null,
      );
    }
  });

  it('matches hosts to the most specific active domain', async () => {
    await buildBusiness('example-merchant.test', 'active');
    await buildBusiness('shop.example-merchant.test', 'active');
    await buildBusiness('suspended-merchant.test', 'suspended');
    const found = await findMerchantDomains(testDb.database.db, [
      'example-merchant.test',
      'www.example-merchant.test',
      'eu.shop.example-merchant.test',
      'suspended-merchant.test',
      'notexample-merchant.test',
      'localhost',
    ]);
    expect(Object.fromEntries(found)).toEqual({
      'example-merchant.test': 'example-merchant.test',
      'www.example-merchant.test': 'example-merchant.test',
      'eu.shop.example-merchant.test': 'shop.example-merchant.test',
    });
    expect((await findMerchantDomains(testDb.database.db, [])).size).toBe(0);
  });

  it("counts an active merchant's verified extra domains, ports included, but not unverified ones", async () => {
    const active = await buildBusiness('two-shops.test', 'active');
    await addDomain(active, 'two-shops.example', true);
    await addDomain(active, 'localhost:4100', true);
    await addDomain(active, 'unproven-shop.test', false);
    const suspended = await buildBusiness('gone-shop.test', 'suspended');
    await addDomain(suspended, 'gone-shop.example', true);
    const found = await findMerchantDomains(testDb.database.db, [
      'www.two-shops.example',
      'localhost:4100',
      'localhost:4101',
      'unproven-shop.test',
      'gone-shop.example',
    ]);
    expect(Object.fromEntries(found)).toEqual({
      'www.two-shops.example': 'two-shops.example',
      'localhost:4100': 'localhost:4100',
    });
  });
});
