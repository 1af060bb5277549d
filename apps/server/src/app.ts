import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { AdminRepository } from './modules/admin/admin-repository.ts';
import { AdminService } from './modules/admin/admin-service.ts';
import { adminModule } from './modules/admin/routes.ts';
import { AuthRepository } from './modules/auth/auth-repository.ts';
import { AuthService } from './modules/auth/auth-service.ts';
import { businessAuthRoutes } from './modules/auth/business-routes.ts';
import { identitySessionRoutes } from './modules/auth/identity-session-routes.ts';
import { identityTokenRoutes } from './modules/auth/identity-token-routes.ts';
import { merchantAccessPlugin } from './modules/auth/merchant-access.ts';
import { businessSetupModule } from './modules/business-setup/business-setup-module.ts';
import { businessModule } from './modules/business/business-module.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { BrowseRepository } from './modules/catalog/browse-repository.ts';
import { browseRoutes } from './modules/catalog/browse-routes.ts';
import { BrowseService } from './modules/catalog/browse-service.ts';
import { CatalogRepository } from './modules/catalog/catalog-repository.ts';
import { feedRoutes } from './modules/catalog/feed-routes.ts';
import { ProductPageReader } from './modules/catalog/product-page-reader.ts';
import { CompareRepository } from './modules/compare/compare-repository.ts';
import { CompareService } from './modules/compare/compare-service.ts';
import { findMerchantDomains } from './modules/compare/merchant-domains.ts';
import { resultsPageContent } from './modules/compare/results-page.ts';
import { compareRoutes } from './modules/compare/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { openClickJournal } from './modules/click-journal/click-journal-module.ts';
import { MatchReportsRepository } from './modules/match-reports/match-reports-repository.ts';
import { MatchReportsService } from './modules/match-reports/match-reports-service.ts';
import { matchReportsRoutes } from './modules/match-reports/routes.ts';
import { PriceAlertsRepository } from './modules/price-alerts/price-alerts-repository.ts';
import { PriceAlertsService } from './modules/price-alerts/price-alerts-service.ts';
import { priceAlertsRoutes } from './modules/price-alerts/routes.ts';
import { priceHistoryRoutes } from './modules/catalog/price-history-routes.ts';
import { createIdentity, type IdentityOptions } from './modules/identity/identity.ts';
import { identityRoutes, rewriteLatestApiUrl } from './modules/identity/routes.ts';
import { ReferralRepository } from './modules/referral/referral-repository.ts';
import type { ClickThrottleOptions } from './modules/referral/click-throttle.ts';
import { ReferralService } from './modules/referral/referral-service.ts';
import { referralRoutes } from './modules/referral/routes.ts';
import { shopperRoutes } from './modules/shopper/routes.ts';
import { eventsRoutes } from './modules/tracking/events-route.ts';
import { trackingModule } from './modules/tracking/tracking-module.ts';
import { ShopperRepository } from './modules/shopper/shopper-repository.ts';
import { ShopperService } from './modules/shopper/shopper-service.ts';
import type { AppConfig } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { runPeriodicJob, withJobLock } from './platform/db/exclusive-jobs.ts';
import { compressionPlugin } from './platform/http/compression.ts';
import { errorHandlerPlugin } from './platform/http/error-handler.ts';
import { handleFrameworkError } from './platform/http/framework-errors.ts';
import { nulCharactersPlugin } from './platform/http/nul-characters.ts';
import type { GuessLimits } from './platform/http/guess-limits.ts';
import type { LimitStore } from './platform/http/rate-limit-stores.ts';
import { rateLimitPlugin } from './platform/http/rate-limits.ts';
import { serializeRequest } from './platform/http/log-redaction.ts';
import { generateRequestId, REQUEST_ID_HEADER } from './platform/http/request-id.ts';
import { securityHeadersPlugin } from './platform/http/security-headers.ts';
import { singlePageAppPlugin } from './platform/http/single-page-app.ts';
import { createSafeFetcher } from './platform/fetcher/safe-fetcher.ts';
import { createMailer } from './platform/mailer/mailer.ts';

export type AppSettings = Pick<
  AppConfig,
  'logLevel' | 'env' | 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'fetchAllowPrivate'
> &
  Partial<Pick<AppConfig, 'trustProxy' | 'redisUrl' | 'clickJournalDir' | 'stripe' | 'aiChat'>>;

export interface AppDependencies {
  config: AppSettings;
  /** An open, migrated database; the caller owns it and closes it after the app. */
  database: Database;
  migrationVersion: number;
  /** Where the built web app lives; defaults to apps/web/dist. */
  webRoot?: string;
  /** Where log lines go; standard output unless a test wants to read them. */
  logStream?: { write(line: string): void };
  /** Per-route rate limits; on unless false (a benchmark driving one route from one address). */
  rateLimits?: boolean;
  /** Sizes of the abuse limits, for tests that reach them in a few requests. */
  limits?: { guesses?: Partial<GuessLimits>; clicks?: ClickThrottleOptions };
  /** The built merchant snippet served at /tracker.js; packages/tracker/dist by default. */
  trackerScriptPath?: string;
  /** The identity secret (platform/identity-secret.ts); random per process when absent (tests). */
  identitySecret?: Uint8Array;
  /**
   * How often every price alert is checked besides after each import or page read; every
   * 5 minutes by default, and not at all (null) in tests unless one asks for it.
   */
  priceAlertSweepMs?: number | null;
  /** Identity settings tests change: the webhook retry schedule, stand-ins for Stripe. */
  identityOptions?: Pick<IdentityOptions, 'webhookDelivery' | 'stripe' | 'aiChat'>;
}

/** How often every price alert is checked, besides the check after each import or page read. */
const PRICE_ALERT_SWEEP_MS = 5 * 60 * 1000;

const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole HTTP app without listening (code-style §6): tests inject into it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // Cookies and tokens must never reach the logs.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-stack-access-token"]',
        'req.headers["x-stack-refresh-token"]',
        'req.headers["x-hexclave-access-token"]',
        'req.headers["x-hexclave-refresh-token"]',
        'res.headers["set-cookie"]',
      ],
      // Emailed links carry one-time codes in their query: those stay out of the log too.
      serializers: { req: serializeRequest },
    },
    genReqId: generateRequestId,
    frameworkErrors: handleFrameworkError,
    rewriteUrl: rewriteLatestApiUrl,
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies: otherwise anyone could pick their address
    // (and so their rate limits) with an X-Forwarded-For header.
    trustProxy: trustProxyOption(config.trustProxy),
  });

  // A callback hook: an async one costs every request a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    db: database.db,
    logger: app.log,
  });
  app.addHook('onClose', () => mailer.close());
  const identity = createIdentity({
    db: database.db,
    publicUrl: config.publicUrl,
    sendMail: (mail) => mailer.send(mail),
    onBackgroundError: (error) => app.log.error({ err: error }, 'background identity work failed'),
    ...(deps.identitySecret ? { secret: deps.identitySecret } : {}),
    stripe: config.stripe ?? null,
    aiChat: config.aiChat ?? null,
    webhookDelivery: { allowPrivate: config.fetchAllowPrivate },
    ...deps.identityOptions,
  });
  // Webhooks go out from the queue while the app runs.
  identity.webhooks.start();
  app.addHook('onClose', () => identity.webhooks.stop());

  const auth = new AuthService(identity, new AuthRepository(database.db));
  const fetcher = createSafeFetcher({ allowPrivate: config.fetchAllowPrivate });
  app.addHook('onClose', () => fetcher.close());
  const priceAlerts = new PriceAlertsService(new PriceAlertsRepository(database.db), {
    sendMail: (mail) => mailer.send(mail),
    publicUrl: config.publicUrl,
    onBackgroundError: (error) => app.log.error({ err: error }, 'price alert check failed'),
  });
  // An import or a page read that reprices offers checks their alerts at once.
  const onOffersRepriced = (offerIds: string[]) => priceAlerts.checkSoon(offerIds);
  const sweepMs =
    deps.priceAlertSweepMs !== undefined
      ? deps.priceAlertSweepMs
      : config.env === 'test'
        ? null
        : PRICE_ALERT_SWEEP_MS;
  if (sweepMs !== null) {
    // Imports run from the command line (another process) are caught by a sweep of all alerts.
    // Of several processes on one database, one sweeps each period.
    const sweep = setInterval(() => {
      runPeriodicJob(database, { name: 'price-alert-sweep', everyMs: sweepMs }, async () => {
        await priceAlerts.check(null);
      }).catch((error: unknown) => app.log.error({ err: error }, 'price alert sweep failed'));
    }, sweepMs);
    sweep.unref();
    app.addHook('onClose', () => clearInterval(sweep));
  }
  const matchReportsRepository = new MatchReportsRepository(database.db);
  const matchReports = new MatchReportsService(matchReportsRepository);
  const compare = new CompareService(
    new CompareRepository(database.db),
    new ProductPageReader(fetcher, new CatalogRepository(database.db, { onOffersRepriced })),
    (hosts) => findMerchantDomains(database.db, hosts),
    (pasted) => matchReportsRepository.confirmedOtherProducts(pasted),
  );
  const shopper = new ShopperService(new ShopperRepository(database.db), compare);
  const browse = new BrowseService(new BrowseRepository(database.db));
  const isSecure = config.publicUrl.startsWith('https:');
  const referralRepository = new ReferralRepository(database.db);
  // Opening it ships what an earlier run left (when the database is there) before the app is
  // built, so a restarted server has replayed its journal before it reports healthy.
  const clickJournal = config.clickJournalDir
    ? await openClickJournal({
        dir: config.clickJournalDir,
        ship: (rows) => referralRepository.shipClickRows(rows),
        // Of several processes, one ships a folder that a process which is gone left.
        exclusive: async (name, work) => (await withJobLock(database, name, work)).ran,
        onError: (error) => app.log.error({ err: error }, 'could not ship journal clicks'),
      })
    : null;
  const referral = new ReferralService(referralRepository, {
    throttle: deps.limits?.clicks,
    ...(clickJournal ? { recorder: clickJournal } : {}),
  });
  app.decorate('referral', referral);
  app.addHook('onClose', () => referral.close()); // clicks still waiting are written first
  app.addHook('onReady', () => referral.prepare());

  await app.register(errorHandlerPlugin);
  await app.register(nulCharactersPlugin);
  await app.register(securityHeadersPlugin, { isSecure });
  await app.register(compressionPlugin);
  await app.register(cookie);
  if (deps.rateLimits !== false) {
    await app.register(rateLimitPlugin, {
      store: limitStoreOf(config, database),
      guesses: deps.limits?.guesses,
    });
  }
  // Before any route: it guards each /api/business/* route as it is declared.
  await app.register(merchantAccessPlugin, { auth });
  await app.register(healthRoutes, {
    database,
    migrationVersion: deps.migrationVersion,
    clickJournal: clickJournal?.shipper,
  });
  await app.register(identityRoutes, { prefix: '/api/v1', identity });
  await app.register(authRoutes, { auth, isSecure });
  await app.register(businessAuthRoutes, { auth, isSecure });
  await app.register(identityTokenRoutes, { auth });
  await app.register(identitySessionRoutes, { auth, isSecure, cliAuth: identity.cliAuth });
  await app.register(adminModule, {
    prefix: '/api/admin',
    auth,
    admin: new AdminService(new AdminRepository(database.db), {
      onAffiliateIdsChanged: () => referral.forgetAffiliateIds(),
      sendMail: (mail) => mailer.send(mail),
      publicUrl: config.publicUrl,
      onBackgroundError: (error) => app.log.error({ err: error }, 'merchant email failed'),
    }),
    matchReports,
  });
  await app.register(feedRoutes, { db: database.db, auth, fetcher, onOffersRepriced });
  await app.register(priceAlertsRoutes, { auth, priceAlerts });
  await app.register(priceHistoryRoutes, { db: database.db });
  await app.register(compareRoutes, { compare, auth, shopper });
  await app.register(matchReportsRoutes, { auth, reports: matchReports });
  await app.register(shopperRoutes, { auth, shopper });
  await app.register(browseRoutes, { browse });
  await app.register(referralRoutes, { referral, auth });
  await app.register(trackingModule, {
    db: database.db,
    auth,
    fetcher,
    allowHttp: config.fetchAllowPrivate,
    trackerScriptPath: deps.trackerScriptPath,
  });
  await app.register(eventsRoutes, { db: database.db, auth });
  await app.register(businessSetupModule, {
    db: database.db,
    auth,
    mailer,
    publicUrl: config.publicUrl,
    identity,
  });
  await app.register(businessModule, { db: database.db, auth });
  const resultsPage = resultsPageContent({
    compare,
    auth,
    shopper,
    counters: app.hasDecorator('limitCounters') ? app.limitCounters : undefined,
  });
  await app.register(singlePageAppPlugin, {
    root: deps.webRoot ?? defaultWebRoot,
    pageContent: async (request, path) => {
      // Browse comes rendered with its categories: it shows them before its script runs and
      // without an API call. Its category pages are not rendered here; their shell carries them.
      if (path === '/browse' || path.startsWith('/browse/')) {
        const data = { 'catalog/categories': { categories: await browse.listCategories() } };
        return path === '/browse' ? { data, renderPath: request.url } : { data };
      }
      // A product link in the address comes as its results page, compared while it is made.
      return resultsPage(request, path);
    },
  });
  return app;
}

/**
 * Redis when REDIS_URL is set, else PostgreSQL's table: every process on them shares one count.
 * PGlite is one process, so its counters stay in memory.
 */
function limitStoreOf(config: AppSettings, database: Database): LimitStore {
  if (config.redisUrl) return { kind: 'redis', url: config.redisUrl };
  if (database.kind === 'postgres') return { kind: 'postgres', db: database.db };
  return { kind: 'memory' };
}

/**
 * TRUST_PROXY for Fastify. A hop count trusts that many proxies in front of ipick, as Express
 * does; Fastify itself takes a number as trusting none, since a client that reaches ipick
 * directly could then choose its address (the README says to give addresses where possible).
 */
function trustProxyOption(value: AppSettings['trustProxy']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}
