// `npm test`: install what is missing, then run every suite — lint, typecheck, unit, server
// integration (on PGlite, and on PostgreSQL when DATABASE_URL is set), the web build and its
// size budgets, browser end-to-end — and end with one line: "N passed, N failed".
//
// The suites run in two lanes at once — the server suites; typecheck, build, budgets, browser
// tests, unit tests and lint — as the browser tests spend much of their time waiting on pages,
// which the other lane's work fills. The server suites start at once, and lint, which nothing
// waits on, comes last, so that each lane holds about half of the whole run. Each step's output
// is kept in test-results/logs and printed whole when the step ends, so the lanes' lines never
// interleave.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, repoRoot } from './ensure-deps.mjs';

const resultsDir = join(repoRoot, 'test-results');
const logsDir = join(resultsDir, 'logs');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

ensureDependencies();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(logsDir, { recursive: true });

/** @typedef {{ name: string, passed: number, failed: number, seconds: number }} Outcome */
/** @type {Outcome[]} */
const outcomes = [];
const startedAt = Date.now();

function clock() {
  return `${Math.round((Date.now() - startedAt) / 1000)}s`.padStart(6);
}

/**
 * Runs one command with its output kept in a log file, prints that log when it ends, and
 * resolves to whether it exited 0.
 */
function run(name, command, args, env = {}) {
  const log = join(logsDir, `${name.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(log);
  console.log(`[${clock()}] ${name}: started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (error) => out.write(`\n${String(error)}\n`));
    child.on('close', (code) => {
      out.end(() => {
        console.log(`\n=== ${name} ${'='.repeat(Math.max(0, 70 - name.length))}`);
        process.stdout.write(readFileSync(log, 'utf8'));
        console.log(`[${clock()}] ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
        resolve(code === 0);
      });
    });
  });
}

/** Times a step and records its outcome. */
async function timed(name, body) {
  const began = Date.now();
  const counts = await body();
  outcomes.push({ name, ...counts, seconds: Math.round((Date.now() - began) / 1000) });
  return counts.failed === 0;
}

/** A step that passes or fails as a whole (lint, typecheck, build). */
function check(name, command, args) {
  return timed(name, async () => {
    const ok = await run(name, command, args);
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  });
}

/** A step that could not run because the one before it failed. */
function skipped(name) {
  outcomes.push({ name, passed: 0, failed: 1, seconds: 0 });
  console.log(`[${clock()}] ${name}: not run, an earlier step it needs failed`);
  return false;
}

/** A vitest run, counted test by test from its JSON report. */
function vitest(name, projects, env = {}) {
  return timed(name, async () => {
    const report = join(resultsDir, `${name.replace(/\W+/g, '-')}.json`);
    const projectArgs = projects.flatMap((project) => ['--project', project]);
    const ok = await run(
      name,
      'npx',
      [
        'vitest',
        'run',
        ...projectArgs,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      env,
    );
    const counts = readCounts(report, (json) => ({
      passed: json.numPassedTests,
      failed: json.numFailedTests + (json.numFailedTestSuites ?? 0),
    }));
    return settle(ok, counts);
  });
}

/** The Playwright run, counted test by test from its JSON report. */
function playwright(name) {
  return timed(name, async () => {
    const report = join(resultsDir, 'e2e.json');
    const ok = await run(
      name,
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: report, CHROMIUM_PATH: chromiumPath },
    );
    const counts = readCounts(report, (json) => ({
      passed: json.stats.expected + json.stats.flaky,
      failed: json.stats.unexpected,
    }));
    return settle(ok, counts);
  });
}

function readCounts(file, pick) {
  if (!existsSync(file)) return null;
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** A run that failed without a report (a crash, a config error) still counts as a failure. */
function settle(ok, counts) {
  if (!counts) return { passed: 0, failed: 1 };
  if (!ok && counts.failed === 0) return { ...counts, failed: 1 };
  return counts;
}

async function ensureChromium() {
  if (existsSync(chromiumPath)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromiumPath}; install Debian's chromium package (apt-get install chromium).`,
    );
    return false;
  }
  console.log("Installing Debian's chromium for the browser tests...");
  return (
    (await run('install chromium (apt-get update)', 'apt-get', ['update', '-qq'])) &&
    (await run('install chromium', 'apt-get', [
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium',
    ])) &&
    existsSync(chromiumPath)
  );
}

/** The server suite on each database. */
async function serverLane() {
  await vitest('server on PGlite', ['server'], { IPICK_TEST_DATABASE: 'pglite' });
  if (process.env.DATABASE_URL) {
    await vitest('server on PostgreSQL', ['server'], { IPICK_TEST_DATABASE: 'postgres' });
  } else {
    console.log(
      '\nnotice: DATABASE_URL is not set, so the server suite did not run on PostgreSQL.',
    );
  }
}

/** Typecheck, the web build, its size budgets and the browser tests on it; unit tests; lint. */
async function webLane() {
  await browserChecks();
  await vitest('unit', ['core', 'tracker', 'web', 'web-isolated', 'scripts']);
  await check('lint', 'npm', ['run', 'lint', '--silent']);
}

async function browserChecks() {
  await check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
  const built = await check('build web app', 'npm', ['run', 'build', '--silent']);
  // Deterministic, so it belongs here rather than in a benchmark: each page's first-load
  // JavaScript against its budget (issue 21), read from the build just made.
  if (!built) {
    skipped('bundle budgets');
    return skipped('browser end-to-end');
  }
  await check('bundle budgets', 'npm', ['run', 'check:budgets', '--silent']);
  if (!(await ensureChromium())) return skipped('browser end-to-end');
  return playwright('browser end-to-end');
}

await Promise.all([serverLane(), webLane()]);

console.log(`\n=== summary ${'='.repeat(62)}`);
for (const outcome of outcomes) {
  const time = `${outcome.seconds}s`.padStart(6);
  console.log(
    `${outcome.name.padEnd(24)} ${time}  ${outcome.passed} passed, ${outcome.failed} failed`,
  );
}
const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
writeFileSync(
  join(resultsDir, 'summary.json'),
  JSON.stringify({ passed, failed, outcomes }, null, 2),
);
console.log(`total ${Math.round((Date.now() - startedAt) / 1000)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
