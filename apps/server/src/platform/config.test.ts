import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: resolve('data') });
  });

  it('honours PORT and IPICK_DATA_DIR', () => {
    const config = loadConfig({ PORT: '4100', IPICK_DATA_DIR: '/srv/ipick' });
    expect(config.port).toBe(4100);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/ipick' });
  });

  it('keeps the click journal in the data directory on the embedded database', () => {
    expect(loadConfig({ IPICK_DATA_DIR: '/srv/ipick' }).clickJournalDir).toBe('/srv/ipick/journal');
    expect(
      loadConfig({ IPICK_DATA_DIR: '/srv/ipick', IPICK_JOURNAL_DIR: '/fast/journal' })
        .clickJournalDir,
    ).toBe('/fast/journal');
  });

  it('turns the click journal on with PostgreSQL only when IPICK_JOURNAL_DIR names its folder', () => {
    const url = 'postgres://ipick@db.internal:5432/ipick';
    expect(loadConfig({ DATABASE_URL: url }).clickJournalDir).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: url, IPICK_JOURNAL_DIR: '/srv/ipick/journal-1' }).clickJournalDir,
    ).toBe('/srv/ipick/journal-1');
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const url = 'postgres://ipick@db.internal:5432/ipick';
    // With the pool's default timeouts (5 s to connect, 30 s a statement, 60 s of start-up retries).
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
      kind: 'postgres',
      url,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30000,
      startupRetryMs: 60000,
    });
  });

  it('derives the public URL from the port unless PUBLIC_URL is set', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://ipick.example/' }).publicUrl).toBe(
      'https://ipick.example',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow('PUBLIC_URL: must be an http');
  });

  it('sends mail over SMTP only when SMTP_URL is set', () => {
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow('SMTP_URL: must be an smtp');
  });

  it('loads demo data on the embedded database, and on PostgreSQL only when asked', () => {
    const url = 'postgres://ipick@db.internal:5432/ipick';
    expect(loadConfig({}).loadDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).loadDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, IPICK_DEMO: '1' }).loadDemoData).toBe(true);
    expect(loadConfig({ IPICK_DEMO: '0' }).loadDemoData).toBe(false);
  });

  it('takes a first admin from ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(
      loadConfig({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'long enough' }).initialAdmin,
    ).toEqual({
      email: 'boss@example.com',
      password: 'long enough',
    });
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com' })).toThrow('set both, or neither');
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long enough' })).toThrow(
      'ADMIN_EMAIL: must be an email address',
    );
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    for (const bad of ['true', 'yes', '10.0.0', '10.0.0.0/33', '10.0.0.1,', '1.2.3.4/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        `TRUST_PROXY: must be a number of proxy hops`,
      );
    }
  });

  it('keeps shared counters in Redis only when REDIS_URL is set', () => {
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://cache.internal:6379' }).redisUrl).toBe(
      'redis://cache.internal:6379',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    );
  });

  it('serves the web app from IPICK_WEB_ROOT when set, else from apps/web/dist', () => {
    expect(loadConfig({}).webRoot).toBeNull();
    expect(loadConfig({ IPICK_WEB_ROOT: 'build/web' }).webRoot).toBe(resolve('build/web'));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://db/x', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT: must be from 0 to 65535 (got "70000")');
    expect(message).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
    );
    expect(message).toContain('LOG_LEVEL:');
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT: must be a whole number');
  });
});
