import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// Issue 20: PostgreSQL's time limits are configurable, with sane defaults, and checked.

const postgres = { DATABASE_URL: 'postgres://ipick@db.internal:5433/ipick' };

describe('the database time limits', () => {
  it('default to 5 s to connect, 30 s a statement and 60 s of retrying at start-up', () => {
    expect(loadConfig(postgres).database).toEqual({
      kind: 'postgres',
      url: postgres.DATABASE_URL,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 30_000,
      startupRetryMs: 60_000,
    });
  });

  it('take the values given', () => {
    const config = loadConfig({
      ...postgres,
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '8000',
      DATABASE_STARTUP_RETRY_SECONDS: '0',
    });
    expect(config.database).toMatchObject({
      connectTimeoutMs: 1_500,
      statementTimeoutMs: 8_000,
      startupRetryMs: 0,
    });
  });

  it('refuse values out of range, naming each variable', () => {
    const load = () =>
      loadConfig({
        ...postgres,
        DATABASE_CONNECT_TIMEOUT_MS: '0',
        DATABASE_STATEMENT_TIMEOUT_MS: 'soon',
        DATABASE_STARTUP_RETRY_SECONDS: '99999',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/DATABASE_CONNECT_TIMEOUT_MS: must be from 100 to 120000 milliseconds/);
    expect(load).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number of milliseconds/);
    expect(load).toThrow(/DATABASE_STARTUP_RETRY_SECONDS: must be from 0 to 3600 seconds/);
  });
});
