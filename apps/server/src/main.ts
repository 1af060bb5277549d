import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_REPORTED_PAIRS_FILE } from '@ipick/core/matching/reported-pairs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { AccountsSetup } from './modules/auth/accounts-setup.ts';
import { AuthRepository } from './modules/auth/auth-repository.ts';
import { startDashboardRollups } from './modules/business/rollup-job.ts';
import { CatalogRepository } from './modules/catalog/catalog-repository.ts';
import {
  describeReport,
  runImportFeedCommand,
} from './modules/catalog/feeds/import-feed-command.ts';
import { recoverInterruptedImports } from './modules/catalog/feeds/interrupted-imports.ts';
import { ensureKnownRetailers } from './modules/catalog/known-retailers.ts';
import { loadDemoDataOnce } from './modules/demo/demo-data.ts';
import { exportReportedPairs } from './modules/match-reports/export-reported-pairs.ts';
import { MatchReportsRepository } from './modules/match-reports/match-reports-repository.ts';
import { createIdentity } from './modules/identity/identity.ts';
import { IdentityRepository } from './modules/identity/core/identity-repository.ts';
import { Projects } from './modules/identity/core/projects.ts';
import { ConfigError, loadConfig, type AppConfig } from './platform/config.ts';
import { loadIdentitySecret } from './platform/identity-secret.ts';
import { oauthProvidersFromEnvironment } from './modules/identity/oauth/operator-providers.ts';
import { DataDirLockedError } from './platform/db/data-dir-lock.ts';
import { DatabaseUnreachableError, openDatabase, type Database } from './platform/db/database.ts';
import { withJobLock } from './platform/db/exclusive-jobs.ts';
import { migrate } from './platform/db/migrate.ts';
import { createSafeFetcher } from './platform/fetcher/safe-fetcher.ts';
import { parseWorkers, runWorkers } from './platform/workers.ts';

/**
 * The server's command line:
 *   start          migrate, then serve ipick (the default); --workers N runs N processes
 *   migrate        apply pending migrations and exit
 *   identity:keys  print ipick's identity project id and API keys as JSON (last line)
 *   admin:create   --email <email> --password <password>: create or promote an admin
 *   import-feed    --retailer <host> [--full] <file or URL>: import a merchant product feed
 *   match-reports:export [file]: write the confirmed reports of wrong matches as labelled pairs
 */
const commands: Record<string, (config: AppConfig) => Promise<void>> = {
  start: startServer,
  migrate: migrateOnly,
  'identity:keys': printIdentityKeys,
  'admin:create': createAdmin,
  'import-feed': importFeedFile,
  'match-reports:export': exportMatchReports,
};

async function startServer(config: AppConfig): Promise<void> {
  const workers = parseWorkers(process.argv.slice(3));
  if (typeof workers === 'string') throw new UsageError(workers);
  if (workers > 1 && cluster.isPrimary) {
    if (config.database.kind !== 'postgres') {
      throw new UsageError(
        '--workers needs PostgreSQL (DATABASE_URL): the embedded database is one process’s.',
      );
    }
    await runWorkers(workers, (line) => console.log(line));
    return;
  }
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? {
          ...config.database,
          onStartupRetry: (message, waitMs) =>
            console.warn(`${message}; trying again in ${waitMs / 1000} s`),
        }
      : config.database,
  );
  const { version } = await migrate(database.db);
  // Imports a dead process left "running" (a crash, a restart) are marked so, files removed;
  // by one process at a time when several start together on one database.
  const recovery = await withJobLock(database, 'feed-import-recovery', () =>
    recoverInterruptedImports(database.db),
  );
  const interrupted = recovery.ran ? recovery.value : [];
  if (interrupted.length > 0) {
    console.warn(
      `Marked ${interrupted.length} feed import(s) interrupted: ${interrupted.join(', ')}`,
    );
  }
  await ensureKnownRetailers(new CatalogRepository(database.db));
  await setUpAccounts(config, database.db);
  await configureOAuthProviders(database.db, config.publicUrl);
  const identitySecret = await loadIdentitySecret({
    fromEnvironment: config.identitySecret,
    dataDir: config.dataDir,
  });
  const app = await buildApp({
    config,
    database,
    migrationVersion: version,
    identitySecret,
    ...(config.webRoot ? { webRoot: config.webRoot } : {}),
  });
  const rollups = startDashboardRollups({ database, log: app.log });

  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await rollups.stop();
    await app.close(); // stop taking requests and finish the ones in flight
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const where =
    config.database.kind === 'pglite'
      ? `embedded database in ${config.database.dataDir}`
      : 'PostgreSQL';
  app.log.info(`ipick is running at http://localhost:${config.port} (${where})`);
}

async function migrateOnly(config: AppConfig): Promise<void> {
  const database = await openDatabase(config.database);
  try {
    const { applied, version } = await migrate(database.db);
    for (const migration of applied) console.log(`applied ${migration.version} ${migration.name}`);
    console.log(
      applied.length === 0
        ? `already up to date at version ${version}`
        : `now at version ${version}`,
    );
  } finally {
    await database.close();
  }
}

/** First-start accounts: the demo set, and the admin named by ADMIN_EMAIL/ADMIN_PASSWORD. */
/** The OAuth providers the operator set in the environment become ipick's project's. */
async function configureOAuthProviders(db: Database['db'], publicUrl: string): Promise<void> {
  const providers = oauthProvidersFromEnvironment(process.env);
  if (!providers) return;
  const projects = new Projects(new IdentityRepository(db), publicUrl);
  const project = await projects.ensureDefaultProject();
  await projects.configure(project.id, { oauth_providers: providers });
  console.log(`OAuth sign-in with ${providers.map(({ id }) => id).join(', ')}.`);
}

async function setUpAccounts(config: AppConfig, db: Database['db']): Promise<void> {
  const setup = accountsSetup(db, config.publicUrl);
  if (config.loadDemoData && (await loadDemoDataOnce(db, setup))) {
    console.log('Loaded the demo catalog and accounts (see the README for their sign-in details).');
  }
  if (config.initialAdmin) {
    const { created } = await setup.ensureAdmin(
      config.initialAdmin.email,
      config.initialAdmin.password,
    );
    console.log(`${created ? 'Created' : 'Kept'} the admin ${config.initialAdmin.email}.`);
  }
}

async function createAdmin(config: AppConfig): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email || !values.password) {
    throw new UsageError('Usage: npm run admin:create -- --email <email> --password <password>');
  }
  if (values.password.length < 8)
    throw new UsageError('The password must be at least 8 characters.');
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const { created } = await accountsSetup(database.db, config.publicUrl).ensureAdmin(
      email,
      values.password,
    );
    console.log(
      created
        ? `Created the admin ${email}.`
        : `${email} already had an account; it is now an admin (password unchanged).`,
    );
  } finally {
    await database.close();
  }
}

async function importFeedFile(config: AppConfig): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(3),
    options: { retailer: { type: 'string' }, full: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const path = positionals[0];
  if (!values.retailer || !path || positionals.length > 1) {
    throw new UsageError(
      'Usage: npm run import-feed -- --retailer <host> [--full] <feed file or URL>',
    );
  }
  const isAddress = /^https?:\/\//i.test(path);
  if (!isAddress && !existsSync(path)) throw new UsageError(`There is no file ${path}.`);
  const fetcher = createSafeFetcher({ allowPrivate: config.fetchAllowPrivate });
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const report = await runImportFeedCommand({
      db: database.db,
      retailer: values.retailer,
      path,
      fetcher,
      isFullFeed: values.full ?? false,
      showProgress: process.stderr.isTTY,
    });
    console.log(describeReport(report));
    if (report.status === 'failed') process.exitCode = 1;
  } finally {
    await fetcher.close();
    await database.close();
  }
}

async function exportMatchReports(config: AppConfig): Promise<void> {
  const { positionals } = parseArgs({ args: process.argv.slice(3), allowPositionals: true });
  if (positionals.length > 1) throw new UsageError('Usage: npm run match-reports:export -- [file]');
  const file = resolve(positionals[0] ?? DEFAULT_REPORTED_PAIRS_FILE);
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const count = await exportReportedPairs(new MatchReportsRepository(database.db), file);
    console.log(`Wrote ${count} confirmed wrong ${count === 1 ? 'match' : 'matches'} to ${file}.`);
  } finally {
    await database.close();
  }
}

function accountsSetup(db: Database['db'], publicUrl: string): AccountsSetup {
  const identity = createIdentity({
    db,
    publicUrl,
    sendMail: () => Promise.reject(new Error('Operator commands send no email')),
    onBackgroundError: (error) => console.error(error),
  });
  return new AccountsSetup(identity, new AuthRepository(db));
}

/** A mistake in how a command was called: its message is the whole story. */
class UsageError extends Error {}

async function printIdentityKeys(config: AppConfig): Promise<void> {
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const projects = new Projects(new IdentityRepository(database.db), config.publicUrl);
    const project = await projects.ensureDefaultProject();
    const keys = await projects.ensureKeys(project.id);
    console.log(`Identity API: ${config.publicUrl}/api/v1 (project "${project.displayName}")`);
    console.log(JSON.stringify(keys));
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'start';
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command '${name}'. Commands: ${Object.keys(commands).join(', ')}.`);
    process.exitCode = 2;
    return;
  }
  try {
    await command(loadConfig());
  } catch (error) {
    // Errors an operator can act on get their message alone; anything else its stack.
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof DatabaseUnreachableError ||
      error instanceof UsageError
    ) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
    // A cluster worker's channel to the primary keeps it alive after a failed start; leave, so
    // the primary sees the exit and stops instead of waiting on a worker that never listens.
    if (cluster.isWorker) process.exit(1);
  }
}

await main();
