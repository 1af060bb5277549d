// `npm start`: install what is missing, build the web app, then run the server, which
// migrates the database and serves ipick (http://localhost:3000 unless PORT says otherwise).
import { spawn, spawnSync } from 'node:child_process';
import { ensureDependencies, repoRoot } from './ensure-deps.mjs';

ensureDependencies();

console.log('Building the web app...');
const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/main.ts', 'start', ...process.argv.slice(2)],
  { cwd: repoRoot, stdio: 'inherit' },
);

// Ctrl+C reaches the server directly (same process group); a SIGTERM sent to this process
// alone, e.g. by a process manager, is passed on. Either way the server shuts down gracefully.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
