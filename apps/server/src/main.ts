import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './platform/config.ts';
import { DataDirLockedError } from './platform/db/data-dir-lock.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { IdentityRepository } from './modules/identity/identity-repository.ts';
import { Projects } from './modules/identity/projects.ts';

/**
 * The server's command line:
 *   start          migrate, then serve ipick (the default)
 *   migrate        apply pending migrations and exit
 *   identity:keys  print ipick's identity project id and API keys as JSON (last line)
 */
const commands: Record<string, (config: AppConfig) => Promise<void>> = {
  start: startServer,
  migrate: migrateOnly,
  'identity:keys': printIdentityKeys,
};

async function startServer(config: AppConfig): Promise<void> {
  const database = await openDatabase(config.database);
  const { version } = await migrate(database.db);
  const app = await buildApp({ config, database, migrationVersion: version });

  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
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
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  }
}

await main();
