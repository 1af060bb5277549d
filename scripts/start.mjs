// `npm start`: install what is missing, build the web app, then run the server, which
// migrates the database and serves ipick (http://localhost:3000 unless PORT says otherwise).
import { spawn, spawnSync } from 'node:child_process';
import { ensureDependencies, repoRoot } from './ensure-deps.mjs';
// V8 flags for the server (also used by the benchmarks that start it). A 64 MB young
// generation: each request leaves many short-lived objects (a redirect's URL, click row and
// promises), and with more room fewer survive into the old generation, whose collection costs
// far more; it cut the server's CPU per redirect by about a sixth (bench/redirect.ts).
import serverNodeFlags from './server-node-flags.json' with { type: 'json' };

ensureDependencies();

console.log('Building the web app...');
const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(
  process.execPath,
  [
    ...serverNodeFlags,
    '--import',
    'tsx',
    'apps/server/src/main.ts',
    'start',
    ...process.argv.slice(2),
  ],
  { cwd: repoRoot, stdio: 'inherit' },
);

// Ctrl+C reaches the server directly (same process group); a SIGTERM sent to this process
// alone, e.g. by a process manager, is passed on. Either way the server shuts down gracefully.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
