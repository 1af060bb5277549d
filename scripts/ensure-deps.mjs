// Installs the npm packages when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone. Uses only Node's own modules.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function ensureDependencies() {
  const lockFile = `${repoRoot}/package-lock.json`;
  // npm writes this file at the end of every successful install.
  const installed = `${repoRoot}/node_modules/.package-lock.json`;
  const isCurrent =
    existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockFile).mtimeMs;
  if (isCurrent) return;
  console.log('Installing npm packages (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('npm ci failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies();
