// `npm test`: install what is missing, then run every suite — lint, typecheck, unit, server
// integration (on PGlite, and on PostgreSQL when DATABASE_URL is set), the web build and its
// size budgets, browser end-to-end — and end with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, repoRoot } from './ensure-deps.mjs';

const resultsDir = join(repoRoot, 'test-results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

ensureDependencies();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** @type {{ name: string, passed: number, failed: number, note?: string }[]} */
const outcomes = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function banner(name) {
  console.log(`\n=== ${name} ${'='.repeat(Math.max(0, 70 - name.length))}`);
}

/** A step that passes or fails as a whole (lint, typecheck, build). */
function check(name, command, args) {
  banner(name);
  const ok = run(command, args);
  outcomes.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

/** A vitest run, counted test by test from its JSON report. */
function vitest(name, projects, env = {}) {
  banner(name);
  const report = join(resultsDir, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const ok = run(
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
  outcomes.push({ name, ...settle(ok, counts) });
}

/** The Playwright run, counted test by test from its JSON report. */
function playwright(name) {
  banner(name);
  const report = join(resultsDir, 'e2e.json');
  const ok = run(
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      CHROMIUM_PATH: chromiumPath,
    },
  );
  const counts = readCounts(report, (json) => ({
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected,
  }));
  outcomes.push({ name, ...settle(ok, counts) });
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

function ensureChromium() {
  if (existsSync(chromiumPath)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromiumPath}; install Debian's chromium package (apt-get install chromium).`,
    );
    return false;
  }
  console.log("Installing Debian's chromium for the browser tests...");
  return (
    run('apt-get', ['update', '-qq']) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']) &&
    existsSync(chromiumPath)
  );
}

check('lint', 'npm', ['run', 'lint', '--silent']);
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit', ['core', 'tracker', 'web', 'scripts']);
vitest('server on PGlite', ['server'], { IPICK_TEST_DATABASE: 'pglite' });
if (process.env.DATABASE_URL) {
  vitest('server on PostgreSQL', ['server'], { IPICK_TEST_DATABASE: 'postgres' });
} else {
  console.log('\nnotice: DATABASE_URL is not set, so the server suite did not run on PostgreSQL.');
}
const built = check('build web app', 'npm', ['run', 'build', '--silent']);
// Deterministic, so it belongs here rather than in a benchmark: each page's first-load
// JavaScript against its budget (issue 21), read from the build just made.
if (built) check('bundle budgets', 'npm', ['run', 'check:budgets', '--silent']);
else outcomes.push({ name: 'bundle budgets', passed: 0, failed: 1 });
if (!built) {
  outcomes.push({ name: 'browser end-to-end', passed: 0, failed: 1 });
} else if (!ensureChromium()) {
  outcomes.push({ name: 'browser end-to-end', passed: 0, failed: 1 });
} else {
  playwright('browser end-to-end');
}

banner('summary');
for (const outcome of outcomes) {
  console.log(`${outcome.name.padEnd(24)} ${outcome.passed} passed, ${outcome.failed} failed`);
}
const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
writeFileSync(
  join(resultsDir, 'summary.json'),
  JSON.stringify({ passed, failed, outcomes }, null, 2),
);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
