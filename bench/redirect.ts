/**
 * What recording every outbound click costs, and whether a crash loses any: three measurements
 * with autocannon against real servers, each in its own process.
 *
 *   1. `GET /api/redirect?to=<amazon link>` on the real app (`main.ts start`), every click
 *      committed to the ledger before its 302: req/s, p50, p99.
 *   2. The same load on a bare Fastify route that only answers 302 (same machine, same run),
 *      and the ratio of the two (target ≥ 80 %). Both servers run side by side and are loaded
 *      in turn, --rounds times: this machine's speed drifts by a third from minute to minute,
 *      and alternating lets both routes meet the same drift. The median round is the result.
 *   3. The same load on a fresh database; the server is killed with SIGKILL mid-run and started
 *      again. Every 302 the load generator received before the kill must have its click row:
 *      each request carries its own `session_id` inside the target, which the 302's Location
 *      echoes and the ledger stores.
 *
 *   4. With --journal on PostgreSQL: a private PostgreSQL cluster (initdb in a temporary folder,
 *      on a free port, so nobody else's database is touched) is stopped for --outage seconds
 *      in the middle of a load and started again. Every request must be answered with its 302,
 *      and once the shipper has caught up every answered click must be in the ledger, once.
 *
 *   npm run bench:redirect -- [--database pglite|postgres|both] [--journal]
 *     [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--connections 200] [--duration 10] [--rounds 3] [--kill-after 4] [--outage 20]
 *
 * On PGlite the click journal is always on (in the data directory). On PostgreSQL, --journal
 * turns it on (IPICK_JOURNAL_DIR, a temporary folder); without it each click is committed in
 * the ledger before its 302. Through the journal each 302 waits for the journal's fdatasync,
 * and the shipper moves clicks to the ledger behind; the bench then also reports the backlog
 * when a load ends and how long it takes to drain.
 *
 * PGlite lives in a temporary data directory; PostgreSQL gets a scratch database
 * (ipick_bench_redirect_<pid>) on the server of --database-url, dropped afterwards. Servers run with
 * LOG_LEVEL=warn: per-request log lines would measure the logger, not the redirect.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
} from '../apps/server/test/throwaway-postgres.ts';
import serverNodeFlags from '../scripts/server-node-flags.json' with { type: 'json' };

const BARE_SERVER_FLAG = '--serve-bare';

/** The baseline: a Fastify app with one route that answers 302 to its `to`, and nothing else. */
async function serveBare(port: number): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  app.get('/go', async (request, reply) => {
    const { to } = request.query as { to?: string };
    return reply.header('cache-control', 'no-store').redirect(to ?? '/', 302);
  });
  await app.listen({ host: '127.0.0.1', port });
}

type Kind = 'pglite' | 'postgres';

interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  answers: number;
  other: number;
  /** CPU time per answer of the server process (all its threads), µs; null off Linux. */
  serverCpu: number | null;
  /** CPU time per answer of every PostgreSQL process, µs; null without PostgreSQL or off Linux. */
  databaseCpu: number | null;
  /** Share of the machine's CPU time nobody used during the load, %; null off Linux. */
  idle: number | null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'pglite' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      connections: { type: 'string', default: '200' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      'kill-after': { type: 'string', default: '4' },
      outage: { type: 'string', default: '20' },
      journal: { type: 'boolean', default: false },
    },
  });
  if (!['pglite', 'postgres', 'both'].includes(values.database)) {
    throw new Error('--database must be pglite, postgres or both');
  }
  const kinds: Kind[] =
    values.database === 'both' ? ['pglite', 'postgres'] : [values.database as Kind];
  const settings = {
    connections: positive('connections', values.connections),
    duration: positive('duration', values.duration),
    rounds: positive('rounds', values.rounds),
    killAfter: positive('kill-after', values['kill-after']),
    outageSeconds: positive('outage', values.outage),
    serverUrl: values['database-url'],
    journal: values.journal,
  };

  const rows: string[][] = [];
  const crashes: string[] = [];
  for (const kind of kinds) {
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.error(`\n${label}: redirect with click logging and bare Fastify 302, in turn…`);
    const rounds = await measureRounds(kind, settings);
    rounds.forEach((round, index) => rows.push(roundRow(label, `${index + 1}`, round)));
    rows.push(roundRow(label, 'median', medianRound(rounds)));
    console.error(`${label}: SIGKILL mid-run…`);
    crashes.push(`${label}: ${await measureCrash(kind, settings)}`);
    if (kind === 'postgres' && settings.journal) {
      console.error(`${label}: stopped for ${settings.outageSeconds} s mid-run…`);
      crashes.push(`${label}: ${await measureOutage(settings)}`);
    }
  }

  printTable(
    [
      'database',
      'round',
      'redirect req/s',
      'p50 / p99 ms',
      'bare req/s',
      'p50 / p99 ms',
      'ratio',
      'server CPU µs/answer (redirect / bare)',
      'PostgreSQL CPU µs/answer',
      'idle % (redirect / bare)',
      'not 302',
    ],
    rows,
  );
  console.log(
    `\n${settings.connections} connections, ${settings.duration} s per load, on ${
      (await import('node:os')).cpus().length
    } cores shared by servers and load generator; the median row takes each column's median.`,
  );
  for (const line of crashes) console.log(line);
}

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer`);
  return value;
}

interface Settings {
  connections: number;
  duration: number;
  rounds: number;
  killAfter: number;
  /** How long the private PostgreSQL cluster is stopped in the outage run. */
  outageSeconds: number;
  serverUrl: string;
  /** Clicks through the click journal (IPICK_JOURNAL_DIR) rather than straight to the ledger. */
  journal: boolean;
}

// ---- the measurements ----

const userAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** A known-retailer outbound link whose `session_id` names this one request. */
function target(id: string): string {
  return `https://www.amazon.com/dp/B08P2HBBLX?tag=ipick-20&ref=ipick&utm_source=ipick&session_id=${id}`;
}

const redirectPath = (id: string) => `/api/redirect?to=${encodeURIComponent(target(id))}`;
const barePath = (id: string) => `/go?to=${encodeURIComponent(target(id))}`;

interface Round {
  redirect: LoadFigures;
  bare: LoadFigures;
}

/**
 * The app (on a fresh database) and the bare route, both started and warmed, then loaded in
 * turn: redirect, bare, redirect, bare… A server waiting for its turn uses no CPU.
 */
async function measureRounds(kind: Kind, settings: Settings): Promise<Round[]> {
  const store = await scratchStore(kind, settings);
  const app = await startAppServer(store.env);
  const bare = await startServer(
    [...serverNodeFlags, ...tsxArgs, 'bench/redirect.ts', BARE_SERVER_FLAG], // same V8 flags
    {},
    '/health',
  ).catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  try {
    const warm = { ...settings, duration: 2 };
    await runLoad(app.port, redirectPath, warm, 'warm').done; // JIT, caches, the day's salt
    await runLoad(bare.port, barePath, warm, 'warm').done;
    const rounds: Round[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      const redirect = await measureLoad(app, kind === 'postgres', () =>
        runLoad(app.port, redirectPath, settings, `load${round}`),
      );
      if (settings.journal || kind === 'pglite') {
        console.log(`${kind} round ${round}: ${await measureDrain(app.port)}`);
      }
      const bareFigures = await measureLoad(bare, false, () =>
        runLoad(bare.port, barePath, settings, `bare${round}`),
      );
      rounds.push({ redirect, bare: bareFigures });
    }
    return rounds;
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
    await store.dispose();
  }
}

/**
 * The click journal's backlog when a load ends (what the shipper has yet to move to the ledger)
 * and how long it takes to drain, from the server's /api/health.
 */
async function measureDrain(port: number): Promise<string> {
  const backlog = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    const body = (await response.json()) as {
      clickJournal?: { backlogBytes: number; oldestSeconds: number };
    };
    if (!body.clickJournal) throw new Error('the server reports no click journal');
    return body.clickJournal;
  };
  const started = performance.now();
  const atEnd = await backlog();
  let current = atEnd;
  while (current.backlogBytes > 0 && performance.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await backlog();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `journal backlog at the end of the load ${Math.round(atEnd.backlogBytes / 1024)} KiB (oldest click ${atEnd.oldestSeconds} s), ${
    current.backlogBytes === 0 ? `drained in ${seconds} s` : `not drained after ${seconds} s`
  }`;
}

/** Each figure's median over the rounds (the ratio's too, not the ratio of medians). */
function medianRound(rounds: Round[]): Round & { ratio: number } {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const medianOrNull = (values: (number | null)[]) =>
    values.some((value) => value === null) ? null : median(values as number[]);
  const mid = (pick: (round: Round) => LoadFigures): LoadFigures => {
    const figures = rounds.map(pick);
    return {
      requestsPerSecond: median(figures.map((f) => f.requestsPerSecond)),
      p50: median(figures.map((f) => f.p50)),
      p99: median(figures.map((f) => f.p99)),
      answers: median(figures.map((f) => f.answers)),
      other: Math.max(...figures.map((f) => f.other)),
      serverCpu: medianOrNull(figures.map((f) => f.serverCpu)),
      databaseCpu: medianOrNull(figures.map((f) => f.databaseCpu)),
      idle: medianOrNull(figures.map((f) => f.idle)),
    };
  };
  return {
    redirect: mid((round) => round.redirect),
    bare: mid((round) => round.bare),
    ratio: median(rounds.map(ratioOf)),
  };
}

function ratioOf(round: Round): number {
  return round.redirect.requestsPerSecond / round.bare.requestsPerSecond;
}

function roundRow(database: string, round: string, figures: Round & { ratio?: number }): string[] {
  const { redirect, bare } = figures;
  const rate = (f: LoadFigures) => Math.round(f.requestsPerSecond).toLocaleString('en');
  const latency = (f: LoadFigures) => `${f.p50.toFixed(0)} / ${f.p99.toFixed(0)}`;
  const cpu = (value: number | null) => value?.toFixed(0) ?? 'n/a';
  return [
    database,
    round,
    rate(redirect),
    latency(redirect),
    rate(bare),
    latency(bare),
    `${((figures.ratio ?? ratioOf(figures)) * 100).toFixed(0)} %`,
    `${cpu(redirect.serverCpu)} / ${cpu(bare.serverCpu)}`,
    redirect.databaseCpu?.toFixed(0) ?? '',
    `${cpu(redirect.idle)} / ${cpu(bare.idle)}`,
    `${redirect.other} / ${bare.other}`,
  ];
}

/**
 * Loads a fresh database, kills the server with SIGKILL after `killAfter` seconds, starts it
 * again, and checks every answered click against the ledger.
 */
async function measureCrash(kind: Kind, settings: Settings): Promise<string> {
  const store = await scratchStore(kind, settings);
  try {
    const server = await startAppServer(store.env);
    const load = runLoad(
      server.port,
      redirectPath,
      { ...settings, duration: settings.killAfter + 30 },
      'crash',
    );
    await new Promise((resolve) => setTimeout(resolve, settings.killAfter * 1000));
    server.child.kill('SIGKILL');
    await server.exited;
    // Let the load generator see its connections fail, then stop it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    load.instance.stop();
    const { answered } = await load.done;

    // Opens the database after the crash, and replays the click journal's unshipped clicks.
    const restarted = await startAppServer(store.env);
    await restarted.stop();
    const recorded = await store.recordedSessionIds();
    const lost = [...answered].filter((id) => !recorded.has(id));
    const unanswered = [...recorded].filter((id) => !answered.has(id)).length;
    return `killed after ${settings.killAfter} s and restarted: answered ${answered.size.toLocaleString(
      'en',
    )}, recorded ${(answered.size - lost.length).toLocaleString('en')}, lost ${lost.length}${
      unanswered > 0 ? ` (plus ${unanswered} recorded whose answer the kill cut off)` : ''
    }`;
  } finally {
    await store.dispose();
  }
}

/**
 * A private PostgreSQL cluster stopped (`pg_ctl stop -m immediate`, as a crash would) for
 * `outageSeconds` in the middle of a load through the click journal, then started again: how
 * many requests were answered with their 302 while it was away, whether any got something
 * else, and, once the journal has drained, whether every answered click is in the ledger once.
 */
async function measureOutage(settings: Settings): Promise<string> {
  const unavailable = throwawayPostgresUnavailable();
  if (unavailable !== null) return `outage run skipped: ${unavailable}`;
  const cluster = await startThrowawayPostgres();
  const journalDir = mkdtempSync(join(tmpdir(), 'ipick-bench-journal-'));
  try {
    const server = await startAppServer({
      DATABASE_URL: cluster.url,
      IPICK_JOURNAL_DIR: journalDir,
      // A request that does need the database (none on this route) gives up quickly.
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    });
    try {
      const before = 5;
      const after = 10;
      const load = runLoad(
        server.port,
        redirectPath,
        { ...settings, duration: before + settings.outageSeconds + after },
        'outage',
      );
      await new Promise((resolve) => setTimeout(resolve, before * 1000));
      await cluster.stop();
      await new Promise((resolve) => setTimeout(resolve, settings.outageSeconds * 1000));
      await cluster.start();
      const { figures, answered } = await load.done;
      const drained = await measureDrain(server.port);
      const recorded = new Map<string, number>();
      for (const row of await onServer<{ session_id: string; count: string }>(
        cluster.url,
        'select session_id, count(*) as count from clicks group by session_id',
      )) {
        recorded.set(row.session_id, Number(row.count));
      }
      const lost = [...answered].filter((id) => !recorded.has(id)).length;
      const twice = [...recorded.values()].filter((count) => count > 1).length;
      return `stopped for ${settings.outageSeconds} s mid-run (${
        before + settings.outageSeconds + after
      } s of load): answered ${answered.size.toLocaleString('en')} with their 302 at ${Math.round(
        figures.requestsPerSecond,
      ).toLocaleString(
        'en',
      )} req/s, ${figures.other} other answers or errors; ${drained}; in the ledger ${(
        answered.size - lost
      ).toLocaleString('en')}, lost ${lost}, counted twice ${twice}`;
    } finally {
      await server.stop();
    }
  } finally {
    await cluster.dispose();
    rmSync(journalDir, { recursive: true, force: true });
  }
}

/**
 * Runs one load and adds what it cost in CPU: of the server process, and of PostgreSQL's
 * processes when they serve it. On two shared cores the throughput ratio depends on how much
 * CPU each answer takes, so the figures say where it goes.
 */
async function measureLoad(
  server: RunningServer,
  withPostgres: boolean,
  load: () => RunningLoad,
): Promise<LoadFigures> {
  const serverPids = () => [server.child.pid!];
  const serverBefore = cpuByProcess(serverPids());
  const databaseBefore = withPostgres ? cpuByProcess(postgresPids()) : null;
  const machineBefore = machineTicks();
  const { figures } = await load().done;
  const machineAfter = machineTicks();
  const perAnswer = (before: CpuByProcess | null, pids: () => number[]) => {
    const used = before === null ? null : cpuUsedSince(before, pids());
    return used === null || figures.answers === 0 ? null : used / figures.answers;
  };
  return {
    ...figures,
    serverCpu: perAnswer(serverBefore, serverPids),
    databaseCpu: withPostgres ? perAnswer(databaseBefore, postgresPids) : null,
    idle:
      machineBefore === null || machineAfter === null
        ? null
        : (100 * (machineAfter.idle - machineBefore.idle)) /
          (machineAfter.total - machineBefore.total),
  };
}

/** User plus system CPU time (µs, threads included) of each process, by pid. */
type CpuByProcess = Map<number, number>;

/** The CPU time of each of `pids` so far, from /proc; null off Linux. */
function cpuByProcess(pids: number[]): CpuByProcess | null {
  if (!existsSync('/proc/self/stat')) return null;
  const times: CpuByProcess = new Map();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended between listing and reading
    }
    // Fields after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    times.set(pid, (ticks / CLOCK_TICKS_PER_SECOND) * 1e6);
  }
  return times;
}

/**
 * CPU time `pids` used since `before`, per process: one that started meanwhile counts whole.
 * One that ended meanwhile (a pool closing an idle connection ends its PostgreSQL backend)
 * cannot be read any more and is left out; summing totals instead would subtract its whole
 * life's CPU time, which once made this figure negative.
 */
function cpuUsedSince(before: CpuByProcess, pids: number[]): number | null {
  const after = cpuByProcess(pids);
  if (after === null) return null;
  let used = 0;
  for (const [pid, time] of after) used += time - (before.get(pid) ?? 0);
  return used;
}

/**
 * The machine's idle and total CPU ticks (all cores, stolen time excluded), from /proc/stat.
 * A load that leaves CPU idle is waiting on something (round trips, a single busy thread)
 * rather than short of CPU.
 */
function machineTicks(): { idle: number; total: number } | null {
  if (!existsSync('/proc/stat')) return null;
  const [user, nice, system, idle, iowait, irq, softirq] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 8)
    .map(Number) as [number, number, number, number, number, number, number];
  return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq };
}

/** Linux reports process times in USER_HZ, 100 per second on every common build. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Every process called `postgres` (server, backends, WAL writer, checkpointer...). */
function postgresPids(): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** What the load generator itself measures. */
type LoadResult = Omit<LoadFigures, 'serverCpu' | 'databaseCpu' | 'idle'>;

interface RunningLoad {
  instance: autocannon.Instance;
  done: Promise<{ figures: LoadResult; answered: Set<string> }>;
}

/** autocannon with a fresh id per request; collects the ids whose 302 came back. */
function runLoad(
  port: number,
  path: (id: string) => string,
  settings: Pick<Settings, 'connections' | 'duration'>,
  prefix: string,
): RunningLoad {
  let next = 0;
  const answered = new Set<string>();
  const run = `${prefix}-${Date.now().toString(36)}`;
  let instance!: autocannon.Instance;
  const done = new Promise<{ figures: LoadResult; answered: Set<string> }>((resolve, reject) => {
    instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: settings.connections,
        duration: settings.duration,
        headers: { 'user-agent': userAgent },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: path(`${run}-${next++}`) }),
            onResponse: (status, _body, _context, headers) => {
              const location = (headers as Record<string, string> | undefined)?.location;
              if (status === 302 && location) {
                const id = new URL(location).searchParams.get('session_id');
                if (id) answered.add(id);
              }
            },
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        resolve({
          figures: {
            requestsPerSecond: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            answers: result['3xx'],
            other: result['2xx'] + result['4xx'] + result['5xx'] + result.errors,
          },
          answered,
        });
      },
    );
  });
  return { instance, done };
}

// ---- servers and databases ----

const tsxArgs = ['--import', 'tsx'];

interface RunningServer {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
  /** SIGTERM (graceful: the ledger writes what is pending) and waits for the exit. */
  stop(): Promise<void>;
}

function startAppServer(env: Record<string, string>): Promise<RunningServer> {
  return startServer(
    [...serverNodeFlags, ...tsxArgs, 'apps/server/src/main.ts', 'start'], // as `npm start` runs it
    { IPICK_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    '/api/health',
  );
}

async function startServer(
  args: string[],
  env: Record<string, string>,
  healthPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${errors}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${healthPath}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    port,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface ScratchStore {
  /** What the server's environment needs to use it. */
  env: Record<string, string>;
  /** The session ids of the click rows (read with the server stopped). */
  recordedSessionIds(): Promise<Set<string>>;
  dispose(): Promise<void>;
}

async function scratchStore(kind: Kind, settings: Settings): Promise<ScratchStore> {
  const store = await scratchDatabase(kind, settings.serverUrl);
  if (!settings.journal) return store;
  const journalDir = mkdtempSync(join(tmpdir(), 'ipick-bench-journal-'));
  return {
    ...store,
    env: { ...store.env, IPICK_JOURNAL_DIR: journalDir },
    async dispose() {
      rmSync(journalDir, { recursive: true, force: true });
      await store.dispose();
    },
  };
}

async function scratchDatabase(kind: Kind, serverUrl: string): Promise<ScratchStore> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'ipick-bench-redirect-'));
    return {
      env: { IPICK_DATA_DIR: dir },
      async recordedSessionIds() {
        const database = await openDatabase({ kind: 'pglite', dataDir: dir });
        try {
          const rows = await database.db.selectFrom('clicks').select('session_id').execute();
          return new Set(rows.map((row) => row.session_id!));
        } finally {
          await database.close();
        }
      },
      dispose: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  // One of its own: other runs of the bench on the same server are left alone.
  const name = `ipick_bench_redirect_${process.pid}`;
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    async recordedSessionIds() {
      const rows = await onServer<{ session_id: string }>(
        url.href,
        'select session_id from clicks',
      );
      return new Set(rows.map((row) => row.session_id));
    },
    dispose: () =>
      onServer(serverUrl, `drop database if exists ${name} with (force)`).then(() => {}),
  };
}

async function onServer<T>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  );
  for (const row of rows) console.log(line(row));
}

// Last, so that every constant above is initialised.
if (process.argv.includes(BARE_SERVER_FLAG)) {
  await serveBare(Number(process.env.PORT));
} else {
  await main();
}
