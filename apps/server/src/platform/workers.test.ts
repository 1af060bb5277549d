import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseWorkers, restartDelayMs } from './workers.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('npm start -- --workers N', () => {
  it('reads the number of processes in either spelling, one without the option', () => {
    expect(parseWorkers([])).toBe(1);
    expect(parseWorkers(['--workers', '4'])).toBe(4);
    expect(parseWorkers(['--workers=2'])).toBe(2);
  });

  it('names what is wrong with a bad count', () => {
    expect(parseWorkers(['--workers', '0'])).toMatch(/^--workers: must be a whole number from 1/);
    expect(parseWorkers(['--workers', 'many'])).toContain('(got "many")');
    expect(parseWorkers(['--workers'])).toContain('(got "")');
  });
});

describe('a worker that dies', () => {
  it('is replaced after 1 s, then later each time it dies again before listening, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(restartDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('stops the whole server, with its exit code, when the first one cannot start', async () => {
    // Nothing listens on port 1: the first worker gives up on the database at once and exits;
    // restarting it would fail the same way forever.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/main.ts', 'start', '--workers', '2'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
          DATABASE_STARTUP_RETRY_SECONDS: '0',
          PORT: '0',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).not.toBe(0);
    expect(output).toContain('stopped before it listened');
    expect(output).not.toContain('starting another');
  }, 60_000);
});
