import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

/** A counter after one was added: its count, and how long its window still runs. */
export interface CounterState {
  count: number;
  ttlMs: number;
}

/**
 * Counters of guesses in fixed windows, where adding one and reading the count is one atomic
 * step. A guess takes its slot before the secret is checked, so that guesses sent at the same
 * instant each see the ones before them (a read, then a write after the check, would let a
 * burst all pass the read). A guess that turns out right, or is refused, gives its slot back.
 */
export interface GuessCounters {
  add(key: string, windowMs: number): Promise<CounterState>;
  /** Takes back one added by `add`, while the window it was added in still runs. */
  remove(key: string): Promise<void>;
}

/** Expired counters are swept after this many additions by one process. */
const SWEEP_EVERY_ADDS = 500;

/** One process's counters: each step is synchronous, so it cannot interleave with another. */
export class MemoryGuessCounters implements GuessCounters {
  readonly #counters = new Map<string, { count: number; expiresAt: number }>();
  #adds = 0;

  add(key: string, windowMs: number): Promise<CounterState> {
    const now = Date.now();
    if (++this.#adds % SWEEP_EVERY_ADDS === 0) this.#sweep(now);
    let counter = this.#counters.get(key);
    if (!counter || counter.expiresAt <= now) {
      counter = { count: 0, expiresAt: now + windowMs };
      this.#counters.set(key, counter);
    }
    counter.count += 1;
    return Promise.resolve({ count: counter.count, ttlMs: counter.expiresAt - now });
  }

  remove(key: string): Promise<void> {
    const counter = this.#counters.get(key);
    if (counter && counter.expiresAt > Date.now() && counter.count > 0) counter.count -= 1;
    return Promise.resolve();
  }

  #sweep(now: number): void {
    for (const [key, counter] of this.#counters) {
      if (counter.expiresAt <= now) this.#counters.delete(key);
    }
  }
}

/**
 * Counters shared by every process on one PostgreSQL database, in `rate_limit_counters`
 * (migration 0028, swept by the request limits' store). One `insert … on conflict … returning`
 * adds and reads under the row's lock; the database's clock decides when a window ends.
 */
export class PostgresGuessCounters implements GuessCounters {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async add(key: string, windowMs: number): Promise<CounterState> {
    const { rows } = await sql<{ count: number; ttl: string | number }>`
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
    const row = rows[0]!;
    return { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl)) };
  }

  async remove(key: string): Promise<void> {
    await sql`
      update rate_limit_counters set count = count - 1
      where key = ${key} and count > 0 and expires_at > now()
    `.execute(this.#db);
  }
}

/** Adds one and reads the count and time left in one step; the first sets the window. */
const ADD_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Takes one back only from a live counter, so that a late give-back cannot go below zero. */
const REMOVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** Counters shared by every process behind one Redis (REDIS_URL). */
export class RedisGuessCounters implements GuessCounters {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  async add(key: string, windowMs: number): Promise<CounterState> {
    const [count, ttl] = (await this.#redis.eval(
      ADD_SCRIPT,
      1,
      this.#prefix + key,
      String(windowMs),
    )) as [number, number];
    return { count, ttlMs: ttl };
  }

  async remove(key: string): Promise<void> {
    await this.#redis.eval(REMOVE_SCRIPT, 1, this.#prefix + key);
  }
}
