import { join, resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { decodeIdentitySecret } from './identity-secret.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_STARTUP_RETRY_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type DatabaseOptions,
} from './db/database.ts';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: DatabaseOptions;
  /** Where shoppers reach ipick; links in emails point here. */
  publicUrl: string;
  /** `smtp://` or `smtps://` URL of the mail server; without it mail goes to the outbox table. */
  smtpUrl: string | null;
  /** The From address of ipick's emails. */
  mailFrom: string;
  /** Load the demo accounts and data on first start: on the embedded database, or when IPICK_DEMO=1. */
  loadDemoData: boolean;
  /** Let the page fetcher reach loopback and private addresses: tests and local demos only. */
  fetchAllowPrivate: boolean;
  /** An admin to create (or promote) at start-up, from ADMIN_EMAIL and ADMIN_PASSWORD. */
  initialAdmin: { email: string; password: string } | null;
  /**
   * Which reverse proxies' X-Forwarded-For to believe (TRUST_PROXY), as Fastify's `trustProxy`
   * takes it: a hop count or addresses and CIDR ranges. Off by default.
   */
  trustProxy: false | number | string[];
  /** Redis for counters shared by several processes (REDIS_URL); null keeps them elsewhere. */
  redisUrl: string | null;
  /** The built web app to serve, from IPICK_WEB_ROOT; null serves apps/web/dist. */
  webRoot: string | null;
  /** IPICK_DATA_DIR: the embedded database's folder, and where generated secrets are kept. */
  dataDir: string;
  /**
   * IPICK_IDENTITY_SECRET (base64, 32 bytes or more): encrypts OAuth provider tokens and signs
   * the OAuth cookie. Null generates one into the data directory on first start.
   */
  identitySecret: string | null;
  /**
   * Where this process's click journal lives: clicks are made durable there before their
   * redirect and shipped to the ledger in the background. IPICK_JOURNAL_DIR, else `journal` in
   * the data directory on the embedded database; null (PostgreSQL without IPICK_JOURNAL_DIR)
   * records each click straight in the ledger.
   */
  clickJournalDir: string | null;
  /**
   * Identity payments: the Stripe platform account (STRIPE_SECRET_KEY) and the secret of its
   * webhooks (STRIPE_WEBHOOK_SECRET). Null: payments answer that none is set up.
   */
  stripe: { secretKey: string; webhookSecret: string | null } | null;
  /**
   * The identity AI chat's OpenAI-compatible endpoint (IPICK_AI_CHAT_URL, e.g.
   * https://api.openai.com) and key (IPICK_AI_CHAT_KEY), and its model (IPICK_AI_CHAT_MODEL).
   * Null: the chat answers that none is configured.
   */
  aiChat: { url: string; key: string | null; model: string } | null;
}

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\/[^\s]+$/i.test(value), {
  message: 'must be a postgres:// or postgresql:// connection URL',
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 65535')
    .max(65535, 'must be from 0 to 65535')
    .default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  IPICK_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('ipick <no-reply@ipick.local>'),
  IPICK_DEMO: z.enum(['0', '1'], { message: "must be '0' or '1'" }).optional(),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  IPICK_FETCH_ALLOW_PRIVATE: z.enum(['0', '1'], { message: "must be '0' or '1'" }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(70).optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message:
            'must be a number of proxy hops (such as 1) or a comma-separated list of proxy addresses and CIDR ranges (such as 10.0.0.0/8,::1)',
        });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  IPICK_WEB_ROOT: z.string().min(1).optional(),
  IPICK_IDENTITY_SECRET: z
    .string()
    .refine((value) => decodeIdentitySecret(value) !== null, {
      message: 'must be base64 of 32 bytes or more (openssl rand -base64 32 makes one)',
    })
    .optional(),
  IPICK_JOURNAL_DIR: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  IPICK_AI_CHAT_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  IPICK_AI_CHAT_KEY: z.string().min(1).optional(),
  IPICK_AI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 120_000).default(DEFAULT_CONNECT_TIMEOUT_MS),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 3_600_000).default(DEFAULT_STATEMENT_TIMEOUT_MS),
  DATABASE_STARTUP_RETRY_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be from 0 to 3600 seconds')
    .max(3600, 'must be from 0 to 3600 seconds')
    .default(DEFAULT_STARTUP_RETRY_MS / 1000),
});

/** A whole number of milliseconds from `min` to `max`. */
function milliseconds(min: number, max: number) {
  const range = `must be from ${min} to ${max} milliseconds`;
  return z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(min, range)
    .max(max, range);
}

/** Every bad environment variable, one line each, so an operator can fix them in one go. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the configuration from the environment (architecture: zod-checked env). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`PORT=`) means "not set", as in most shells' and CI's habits.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
      }),
    );
  }
  const vars = parsed.data;
  if ((vars.ADMIN_EMAIL === undefined) !== (vars.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD: set both, or neither']);
  }
  const database: DatabaseOptions = vars.DATABASE_URL
    ? {
        kind: 'postgres',
        url: vars.DATABASE_URL,
        connectTimeoutMs: vars.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: vars.DATABASE_STATEMENT_TIMEOUT_MS,
        startupRetryMs: vars.DATABASE_STARTUP_RETRY_SECONDS * 1000,
      }
    : { kind: 'pglite', dataDir: resolve(vars.IPICK_DATA_DIR) };
  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    logLevel: vars.LOG_LEVEL,
    database,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM,
    // Never fill a real PostgreSQL database with demo accounts unless asked to.
    loadDemoData: vars.IPICK_DEMO ? vars.IPICK_DEMO === '1' : database.kind === 'pglite',
    fetchAllowPrivate: vars.IPICK_FETCH_ALLOW_PRIVATE === '1',
    initialAdmin:
      vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD
        ? { email: vars.ADMIN_EMAIL.toLowerCase(), password: vars.ADMIN_PASSWORD }
        : null,
    trustProxy: vars.TRUST_PROXY ?? false,
    redisUrl: vars.REDIS_URL ?? null,
    webRoot: vars.IPICK_WEB_ROOT ? resolve(vars.IPICK_WEB_ROOT) : null,
    dataDir: resolve(vars.IPICK_DATA_DIR),
    identitySecret: vars.IPICK_IDENTITY_SECRET ?? null,
    stripe: vars.STRIPE_SECRET_KEY
      ? { secretKey: vars.STRIPE_SECRET_KEY, webhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? null }
      : null,
    aiChat: vars.IPICK_AI_CHAT_URL
      ? {
          url: vars.IPICK_AI_CHAT_URL,
          key: vars.IPICK_AI_CHAT_KEY ?? null,
          model: vars.IPICK_AI_CHAT_MODEL,
        }
      : null,
    clickJournalDir: vars.IPICK_JOURNAL_DIR
      ? resolve(vars.IPICK_JOURNAL_DIR)
      : database.kind === 'pglite'
        ? join(resolve(vars.IPICK_DATA_DIR), 'journal')
        : null,
  };
}

/** The names of address ranges Fastify's `trustProxy` (proxy-addr) knows. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A whole IPv4 address in four decimal parts, or an IPv6 address. */
function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** An address, or an address and a prefix length that fits it (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0 || !isAddress(address)) return false;
  return prefix === undefined || ipaddr.isValidCIDR(text);
}

/**
 * TRUST_PROXY as Fastify takes it, or null when it is neither a hop count nor a list of
 * addresses. `true` (trust any sender) is refused on purpose: then every client could choose
 * its own address, and so its own rate limits.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim();
  if (/^\d{1,3}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const isValid = (entry: string) => PROXY_RANGE_NAMES.has(entry) || isAddressOrRange(entry);
  return entries.every(isValid) ? entries : null;
}
