import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MATCH_REPORT_NOTE_MAX_LENGTH,
  MATCH_REPORTS_PER_HOUR_PER_ADDRESS,
  type AdminMatchReportsResponse,
  type CompareResponse,
} from '@ipick/contracts';
import { loadReportedPairs } from '@ipick/core/matching/reported-pairs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { AccountsSetup } from '../auth/accounts-setup.ts';
import { AuthRepository } from '../auth/auth-repository.ts';
import { CONFIRMED_MISMATCH_REASON } from '../compare/confirmed-mismatches.ts';
import { createIdentity } from '../identity/identity.ts';
import { exportReportedPairs } from './export-reported-pairs.ts';
import { MatchReportsRepository } from './match-reports-repository.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let setup: AccountsSetup;
const exportDirectory = mkdtempSync(join(tmpdir(), 'match-reports-'));

/**
 * Three shops sell the same kettle (one barcode, so the comparison calls them the same product
 * whatever the matcher scores), each listing on its own shop, none linked in the catalog.
 */
const GTIN = '00012345678905';
const LISTINGS = {
  pasted: { host: 'pasted.example', title: 'Acme KT-100 Electric Kettle 1.7 L Stainless Steel' },
  first: { host: 'first.example', title: 'Acme KT-100 Kettle, 1.7 Litre, Stainless Steel' },
  second: { host: 'second.example', title: 'Acme Electric Kettle KT-100 1.7L Stainless' },
} as const;
type Shop = keyof typeof LISTINGS;
const urlAt = (shop: Shop) => `https://${LISTINGS[shop].host}/p/acme-kt-100`;
const offerIds = {} as Record<Shop, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb.database;
  for (const [shop, { host, title }] of Object.entries(LISTINGS) as [
    Shop,
    { host: string; title: string },
  ][]) {
    const retailerId = randomUUID();
    await db
      .insertInto('retailers')
      .values({ id: retailerId, key: host, display_name: `Shop ${shop}`, hosts: [host] })
      .execute();
    // A shop whose feed was imported: its offers are listed to every shopper.
    await db
      .insertInto('feed_imports')
      .values({
        id: randomUUID(),
        retailer_id: retailerId,
        source: 'feed.xml',
        status: 'completed',
      })
      .execute();
    offerIds[shop] = randomUUID();
    await db
      .insertInto('offers')
      .values({
        id: offerIds[shop],
        retailer_id: retailerId,
        retailer_product_id: 'acme-kt-100',
        url: urlAt(shop),
        title,
        brand: 'Acme',
        gtin: GTIN,
        price_minor: shop === 'pasted' ? 4_999 : 3_950,
        currency: 'USD',
      })
      .execute();
  }
  app = await buildTestApp(testDb);
  const identity = createIdentity({
    db,
    publicUrl: 'http://localhost:3000',
    sendMail: () => Promise.resolve(),
    onBackgroundError: () => {},
  });
  setup = new AccountsSetup(identity, new AuthRepository(db));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  rmSync(exportDirectory, { recursive: true, force: true });
});

const db = () => testDb.database.db;
let addressCounter = 0;
/** Each test reports from an address of its own, so limits of one do not reach another. */
const newAddress = () => `198.51.100.${++addressCounter}`;

async function compare(shop: Shop): Promise<CompareResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/compare',
    payload: { url: urlAt(shop), requestId: randomUUID() },
  });
  expect(response.statusCode).toBe(200);
  return response.json<CompareResponse>();
}

/** A call from a shopper's browser at `address`, with their cookies if they signed in. */
function send(
  method: 'POST' | 'PATCH',
  url: string,
  payload: unknown,
  address: string,
  cookie = '',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    payload: payload as object,
    remoteAddress: address,
    headers: {
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
      ...(cookie ? { cookie } : {}),
    },
  });
}

const report = (body: Record<string, unknown>, address: string, cookie = '') =>
  send('POST', '/api/match-reports', body, address, cookie);

async function signedInShopper(): Promise<string> {
  const browser = browserSession(app);
  const response = await browser.post('/api/auth/register', {
    email: `shopper-${randomUUID()}@example.com`,
    password: 'a good long password',
  });
  expect(response.statusCode).toBe(200);
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function signedInAdmin() {
  const email = `admin-${randomUUID()}@example.com`;
  await setup.ensureAdmin(email, 'a good long password');
  const browser = browserSession(app);
  const response = await browser.post('/api/admin/auth/login', {
    email,
    password: 'a good long password',
  });
  expect(response.statusCode).toBe(200);
  return browser;
}

function storedReport(id: string) {
  return db()
    .selectFrom('match_reports')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('a shopper reports a wrong match', () => {
  it('stores both listings as shown, the score and the tier, and changes nothing anyone sees', async () => {
    const comparison = await compare('pasted');
    const shown = comparison.sameProduct.find((offer) => offer.offerId === offerIds.first);
    expect(shown).toBeDefined();

    const response = await report(
      { requestId: comparison.requestId, offerId: offerIds.first },
      newAddress(),
    );
    expect(response.statusCode).toBe(201);
    const { report: receipt } = response.json<{ report: { id: string; status: string } }>();
    expect(receipt.status).toBe('pending');

    const row = await storedReport(receipt.id);
    expect(row).toMatchObject({
      request_id: comparison.requestId,
      status: 'pending',
      left_offer_id: offerIds.pasted,
      left_url: urlAt('pasted'),
      left_title: LISTINGS.pasted.title,
      left_brand: 'Acme',
      left_price_minor: 4_999,
      left_currency: 'USD',
      right_offer_id: offerIds.first,
      right_url: urlAt('first'),
      right_title: LISTINGS.first.title,
      right_brand: 'Acme',
      right_retailer_name: 'Shop first',
      right_price_minor: 3_950,
      score: shown!.confidence,
      tier: 'same',
      note: null,
      reporter_user_id: null,
      reviewed_at: null,
    });
    expect(row.reasons).toEqual(shown!.reasons);

    // Until an admin confirms it, the next shopper sees the same comparison.
    const next = await compare('pasted');
    expect(next.sameProduct.map((offer) => offer.offerId)).toContain(offerIds.first);
  });

  it('takes a note with the report, or added afterwards by whoever made it', async () => {
    const comparison = await compare('pasted');
    const address = newAddress();
    const withNote = await report(
      {
        requestId: comparison.requestId,
        offerId: offerIds.second,
        note: '  The lid is different.\r\nCheck the photos. ',
      },
      address,
    );
    expect(withNote.statusCode).toBe(201);
    const { id } = withNote.json<{ report: { id: string } }>().report;
    expect((await storedReport(id)).note).toBe('The lid is different.\nCheck the photos.');

    const changed = await send(
      'PATCH',
      `/api/match-reports/${id}`,
      { note: 'It is the 1.5 L one.' },
      address,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ report: { note: string } }>().report.note).toBe('It is the 1.5 L one.');
    expect((await storedReport(id)).note).toBe('It is the 1.5 L one.');

    const unknown = await send(
      'PATCH',
      `/api/match-reports/${randomUUID()}`,
      { note: 'x' },
      address,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps one report per signed-in shopper and pair: reporting again adds the note to it', async () => {
    const cookie = await signedInShopper();
    const comparison = await compare('pasted');
    const body = { requestId: comparison.requestId, offerId: offerIds.second };
    const first = await report(body, newAddress(), cookie);
    expect(first.statusCode).toBe(201);
    const again = await report({ ...body, note: 'Another model.' }, newAddress(), cookie);
    expect(again.statusCode).toBe(200);
    const id = first.json<{ report: { id: string } }>().report.id;
    expect(again.json<{ report: { id: string } }>().report.id).toBe(id);
    const row = await storedReport(id);
    expect(row.reporter_user_id).not.toBeNull();
    expect(row.note).toBe('Another model.');

    // Another shopper's note cannot be written over by someone else who learns the id.
    const stranger = await send(
      'PATCH',
      `/api/match-reports/${id}`,
      { note: 'spam' },
      newAddress(),
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('refuses bad input with a 400 that names the field', async () => {
    const comparison = await compare('pasted');
    const address = newAddress();
    const cases: [Record<string, unknown>, string][] = [
      [
        { requestId: comparison.requestId, offerId: randomUUID() },
        'body.offerId: that listing is not in this comparison.',
      ],
      [
        { requestId: randomUUID(), offerId: offerIds.first },
        'body.requestId: there is no comparison with that id',
      ],
      [{ requestId: 'nope', offerId: offerIds.first }, 'body.requestId:'],
      [{ requestId: comparison.requestId }, 'body.offerId:'],
      [
        {
          requestId: comparison.requestId,
          offerId: offerIds.first,
          note: 'x'.repeat(MATCH_REPORT_NOTE_MAX_LENGTH + 1),
        },
        `body.note: the note is at most ${MATCH_REPORT_NOTE_MAX_LENGTH} characters`,
      ],
      [
        { requestId: comparison.requestId, offerId: offerIds.first, note: 'ring \u0007 the bell' },
        'body.note: the note may not contain control characters',
      ],
      [
        { requestId: comparison.requestId, offerId: offerIds.first, note: 'evil \u202e txt.exe' },
        'body.note: the note may not contain control characters',
      ],
      [
        { requestId: comparison.requestId, offerId: offerIds.first, note: 42 },
        'body.note: the note must be text',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await report(body, address);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
    const patch = await send('PATCH', '/api/match-reports/not-an-id', { note: 'x' }, address);
    expect(patch.statusCode).toBe(400);
    expect(patch.json<{ error: string }>().error).toContain('params.id:');
    expect(
      await db()
        .selectFrom('match_reports')
        .select('id')
        .where('request_id', '=', comparison.requestId)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a report from another site', async () => {
    const comparison = await compare('pasted');
    const response = await app.inject({
      method: 'POST',
      url: '/api/match-reports',
      payload: { requestId: comparison.requestId, offerId: offerIds.first },
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('limits reports per address when signed out and per account when signed in, with Retry-After', async () => {
    const comparison = await compare('pasted');
    const body = { requestId: comparison.requestId, offerId: offerIds.first };
    const address = newAddress();
    for (let count = 0; count < MATCH_REPORTS_PER_HOUR_PER_ADDRESS; count += 1) {
      expect((await report(body, address)).statusCode).toBe(201);
    }
    const refused = await report(body, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ error: string; code: string }>()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(
        new RegExp(
          `^You have sent ${MATCH_REPORTS_PER_HOUR_PER_ADDRESS} reports in the last hour, the most ipick takes\\. Try again in \\d+ minutes?\\.$`,
        ),
      ) as unknown,
    });
    // Another address is not held back; nor is a signed-in shopper at this one (their account counts).
    expect((await report(body, newAddress())).statusCode).toBe(201);
    const cookie = await signedInShopper();
    expect((await report(body, address, cookie)).statusCode).toBe(201);
  });
});

describe('admins review reports', () => {
  it('lists pending reports oldest first; confirming one makes the pair never the same product again', async () => {
    const comparison = await compare('pasted');
    const made = await report(
      { requestId: comparison.requestId, offerId: offerIds.second, note: 'Different lid.' },
      newAddress(),
    );
    const id = made.json<{ report: { id: string } }>().report.id;
    const admin = await signedInAdmin();

    const queue = await admin.get('/api/admin/match-reports');
    expect(queue.statusCode).toBe(200);
    const pending = queue.json<AdminMatchReportsResponse>();
    expect(pending.counts.pending).toBeGreaterThan(0);
    expect(pending.total).toBe(pending.counts.pending);
    const times = pending.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort());
    expect(pending.items.find((item) => item.id === id)).toMatchObject({
      status: 'pending',
      pasted: { offerId: offerIds.pasted, title: LISTINGS.pasted.title, url: urlAt('pasted') },
      offer: {
        offerId: offerIds.second,
        title: LISTINGS.second.title,
        retailerName: 'Shop second',
      },
      tier: 'same',
      note: 'Different lid.',
      bySignedInShopper: false,
      reviewedAt: null,
    });

    const confirmed = await admin.post(`/api/admin/match-reports/${id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(
      confirmed.json<{ report: { status: string; reviewedAt: string } }>().report,
    ).toMatchObject({
      status: 'confirmed',
      reviewedAt: expect.any(String) as unknown,
    });
    const again = await admin.post(`/api/admin/match-reports/${id}/reject`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain('already confirmed');
    const listed = await admin.get('/api/admin/match-reports?status=confirmed');
    expect(listed.json<AdminMatchReportsResponse>().items.map((item) => item.id)).toContain(id);

    // The next comparison shows that listing as similar at most, saying why.
    const next = await compare('pasted');
    expect(next.sameProduct.map((offer) => offer.offerId)).not.toContain(offerIds.second);
    expect(next.sameProduct.map((offer) => offer.offerId)).toContain(offerIds.first);
    const demoted = next.alternatives.find((offer) => offer.offerId === offerIds.second);
    expect(demoted?.reasons).toContain(CONFIRMED_MISMATCH_REASON);
    // So does the comparison it was reported from, read again, and the other way round.
    const saved = await app.inject({ method: 'GET', url: `/api/compare/${comparison.requestId}` });
    const reread = saved.json<CompareResponse>();
    expect(reread.sameProduct.map((offer) => offer.offerId)).not.toContain(offerIds.second);
    expect(reread.alternatives.map((offer) => offer.offerId)).toContain(offerIds.second);
    const reverse = await compare('second');
    expect(reverse.sameProduct.map((offer) => offer.offerId)).not.toContain(offerIds.pasted);
    expect(reverse.sameProduct.map((offer) => offer.offerId)).toContain(offerIds.first);

    // A shown-as-similar listing has no match to report.
    const similar = await report(
      { requestId: next.requestId, offerId: offerIds.second },
      newAddress(),
    );
    expect(similar.statusCode).toBe(400);
    expect(similar.json<{ error: string }>().error).toContain(
      'body.offerId: that listing is shown as a similar product',
    );
    // A confirmed report takes no more notes.
    const note = await send('PATCH', `/api/match-reports/${id}`, { note: 'late' }, newAddress());
    expect(note.statusCode).toBe(409);
  });

  it('rejecting a report leaves the match as it was, and answers the reports of that pair', async () => {
    const comparison = await compare('first');
    const made = await report(
      { requestId: comparison.requestId, offerId: offerIds.pasted },
      newAddress(),
    );
    const id = made.json<{ report: { id: string } }>().report.id;
    // Another shopper reported the same pair the other way round: the same question.
    const reverse = await compare('pasted');
    const other = await report(
      { requestId: reverse.requestId, offerId: offerIds.first },
      newAddress(),
    );
    const otherId = other.json<{ report: { id: string } }>().report.id;
    const admin = await signedInAdmin();
    const rejected = await admin.post(`/api/admin/match-reports/${id}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<{ report: { status: string } }>().report.status).toBe('rejected');
    expect((await storedReport(otherId)).status).toBe('rejected');
    const next = await compare('first');
    expect(next.sameProduct.map((offer) => offer.offerId)).toContain(offerIds.pasted);

    expect((await admin.post(`/api/admin/match-reports/${randomUUID()}/confirm`)).statusCode).toBe(
      404,
    );
    const bad = await admin.post('/api/admin/match-reports/nope/confirm');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('params.id:');
    const badStatus = await admin.get('/api/admin/match-reports?status=maybe');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json<{ error: string }>().error).toContain('query.status:');
  });

  it('keeps the queue to admins', async () => {
    const cookie = await signedInShopper();
    const asShopper = await app.inject({
      method: 'GET',
      url: '/api/admin/match-reports',
      headers: { cookie },
    });
    expect(asShopper.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/match-reports' })).statusCode).toBe(
      401,
    );
  });
});

describe('exporting confirmed reports for training', () => {
  it('writes each confirmed pair once as a labelled non-match, prices in major units', async () => {
    const comparison = await compare('first');
    const admin = await signedInAdmin();
    for (let count = 0; count < 2; count += 1) {
      const made = await report(
        { requestId: comparison.requestId, offerId: offerIds.second },
        newAddress(),
      );
      const id = made.json<{ report: { id: string } }>().report.id;
      expect((await admin.post(`/api/admin/match-reports/${id}/confirm`)).statusCode).toBe(200);
    }
    const file = join(exportDirectory, 'nested', 'reported-pairs.jsonl');
    const count = await exportReportedPairs(new MatchReportsRepository(db()), file);
    const pairs = loadReportedPairs(file);
    expect(pairs).toHaveLength(count);
    // Confirmed twice, written once; rejected and pending reports are not training data.
    const firstToSecond = {
      left: { title: LISTINGS.first.title, brand: 'Acme', price: 39.5, currency: 'USD' },
      right: { title: LISTINGS.second.title, brand: 'Acme', price: 39.5, currency: 'USD' },
      label: 0,
    };
    expect(
      pairs.filter((pair) => JSON.stringify(pair) === JSON.stringify(firstToSecond)),
    ).toHaveLength(1);
    expect(pairs.every((pair) => pair.label === 0)).toBe(true);
    const confirmed = await db()
      .selectFrom('match_reports')
      .select(['left_offer_id', 'right_offer_id'])
      .where('status', '=', 'confirmed')
      .execute();
    expect(count).toBe(
      new Set(confirmed.map((row) => `${row.left_offer_id}|${row.right_offer_id}`)).size,
    );
  });
});
