import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import {
  MemoryGuessCounters,
  PostgresGuessCounters,
  RedisGuessCounters,
  type GuessCounters,
} from './guess-counters.ts';

/**
 * Where rate-limit counters live. In memory they are the process's own, which is enough for one
 * process (PGlite); with several processes on one PostgreSQL database, or behind one Redis,
 * the counters must be shared, or each process would allow its own full share of guesses.
 */
export type LimitStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; db: Kysely<DatabaseSchema> }
  | { kind: 'redis'; url: string };

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired rows are deleted after this many writes by one process. */
const SWEEP_EVERY_WRITES = 500;

interface CounterRow {
  count: number;
  ttl: number;
}

/**
 * A store of @fastify/rate-limit in PostgreSQL's `rate_limit_counters` (migration 0028): one row
 * per key, a fixed window from its first hit. The database's clock decides when a window ends,
 * so processes whose clocks differ still agree.
 */
class PostgresCounters {
  readonly #db: Kysely<DatabaseSchema>;
  #writes = 0;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async add(key: string, windowMs: number): Promise<CounterRow> {
    if (++this.#writes % SWEEP_EVERY_WRITES === 0) void this.#sweep();
    const { rows } = await sql<CounterRow>`
      insert into rate_limit_counters as counter (key, count, expires_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when counter.expires_at <= now() then 1 else counter.count + 1 end,
        expires_at = case
          when counter.expires_at <= now() then excluded.expires_at
          else counter.expires_at
        end
      returning count, ceil(extract(epoch from expires_at - now()) * 1000)::int8 as ttl
    `.execute(this.#db);
    return rows[0]!;
  }

  async read(key: string): Promise<CounterRow> {
    const { rows } = await sql<CounterRow>`
      select count, ceil(extract(epoch from expires_at - now()) * 1000)::int8 as ttl
      from rate_limit_counters
      where key = ${key} and expires_at > now()
    `.execute(this.#db);
    return rows[0] ?? { count: 0, ttl: 0 };
  }

  async #sweep(): Promise<void> {
    try {
      await sql`delete from rate_limit_counters where expires_at <= now()`.execute(this.#db);
    } catch {
      // A later write sweeps again; a failed sweep only leaves dead rows a little longer.
    }
  }
}

/** The store class @fastify/rate-limit constructs; each route's counters get their own prefix. */
function postgresStore(db: Kysely<DatabaseSchema>): FastifyRateLimitStoreCtor {
  const counters = new PostgresCounters(db);
  class PostgresStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.#prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.add(this.#prefix + key, timeWindow).then(
        (row) => callback(null, { current: row.count, ttl: Math.max(0, row.ttl) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      counters.read(this.#prefix + key).then(
        (row) => callback(null, { current: row.count, ttl: Math.max(0, row.ttl) }),
        (error: Error) => callback(error),
      );
    }

    child(route: object): FastifyRateLimitStore {
      // The plugin passes the route's merged options, with the route under `routeInfo`.
      const info = (route as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const name = typeof info.url === 'string' ? `${String(info.method)} ${info.url}|` : '';
      return new PostgresStore(undefined, name);
    }
  }
  return PostgresStore;
}

/**
 * The @fastify/rate-limit options that put its counters in `store`, the guess counters kept
 * there too, and what to do when the app closes. Redis uses the plugin's own Redis store.
 */
export function rateLimitStoreOptions(store: LimitStore): {
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  guesses: GuessCounters;
  close: () => Promise<void>;
} {
  if (store.kind === 'postgres') {
    return {
      options: { store: postgresStore(store.db) },
      guesses: new PostgresGuessCounters(store.db),
      close: () => Promise.resolve(),
    };
  }
  if (store.kind === 'redis') {
    const redis = new Redis(store.url, {
      // A request waits for at most one reconnection, never for Redis to come back.
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    // Errors reach the requests that need Redis; without a listener ioredis would also print them.
    redis.on('error', () => {});
    return {
      options: { redis, nameSpace: 'ipick-rate-limit:' },
      guesses: new RedisGuessCounters(redis, 'ipick-guesses:'),
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  return { options: {}, guesses: new MemoryGuessCounters(), close: () => Promise.resolve() };
}
