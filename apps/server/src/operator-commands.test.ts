import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededPgliteDataDir, testDatabaseKind } from '../test/test-database.ts';
import { openDatabase } from './platform/db/database.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs a server command on an embedded data directory, as an operator would. */
function runCommand(
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: serverDir,
      env: {
        ...process.env,
        IPICK_DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
        IPICK_DEMO: '0',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

// These commands act on the embedded database's folder; the PostgreSQL run skips them.
// Each command is a new process that opens and migrates a database: slow on a busy machine.
// The first test runs on an empty folder, as an operator's first command does (`initdb` and
// every migration, the slowest part); the others on a folder that already holds the migrated
// database.
describe.skipIf(testDatabaseKind() === 'postgres')(
  'operator commands',
  { timeout: 120_000 },
  () => {
    it('identity:keys prints the same project and keys as JSON on its last line every time', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ipick-keys-'));
      const first = await runCommand(['identity:keys'], dataDir);
      expect(first.code).toBe(0);
      const keys = JSON.parse(lastLine(first.stdout)) as Record<string, string>;
      expect(keys.projectId).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys.publishableClientKey).toMatch(/^pck_/);
      expect(keys.secretServerKey).toMatch(/^ssk_/);
      expect(keys.superSecretAdminKey).toMatch(/^sak_/);
      const second = await runCommand(['identity:keys'], dataDir);
      expect(JSON.parse(lastLine(second.stdout))).toEqual(keys);
    });

    it('admin:create creates an admin, explains bad usage, and refuses a directory in use', async () => {
      const dataDir = await seededPgliteDataDir('ipick-admin-');
      const usage = await runCommand(['admin:create', '--email', 'boss@example.com'], dataDir);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain(
        'Usage: npm run admin:create -- --email <email> --password <password>',
      );

      const created = await runCommand(
        ['admin:create', '--email', 'Boss@Example.com', '--password', 'boss password 1'],
        dataDir,
      );
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('Created the admin boss@example.com.');

      const held = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const refused = await runCommand(
          ['admin:create', '--email', 'b@example.com', '--password', 'boss password 1'],
          dataDir,
        );
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('is in use by another ipick process');
        const keys = await runCommand(['identity:keys'], dataDir);
        expect(keys.code).toBe(1);
        expect(keys.stderr).toContain('is in use by another ipick process');
      } finally {
        await held.close();
      }
    });

    it('import-feed imports a feed file and prints the report', async () => {
      const dataDir = await seededPgliteDataDir('ipick-import-');
      const feed = fileURLToPath(new URL('../test/fixtures/feeds/rss-feed.xml', import.meta.url));
      const usage = await runCommand(['import-feed', feed], dataDir);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('Usage: npm run import-feed -- --retailer <host>');
      const imported = await runCommand(
        ['import-feed', '--retailer', 'kettles.example.com', feed],
        dataDir,
      );
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain('completed');
      expect(imported.stdout).toContain(
        'items read: 5, created: 3, updated: 0, unchanged: 0, rejected: 2',
      );
      expect(imported.stdout).toContain('row 3 (KW-1003): price: missing');
      const again = await runCommand(
        ['import-feed', '--retailer', 'kettles.example.com', feed],
        dataDir,
      );
      expect(again.stdout).toContain('created: 0, updated: 0, unchanged: 3');
    });
  },
);
