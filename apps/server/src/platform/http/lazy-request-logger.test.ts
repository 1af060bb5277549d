import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-request-logger.ts';

/** A Fastify app logging at `level` into an array, with one route of each kind of logger. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level,
      stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    },
    genReqId: () => 'req-1',
  });
  const handler = async (request: { log: { warn(o: object, m: string): void } }) => {
    request.log.warn({ detail: 42 }, 'something to say');
    return 'ok';
  };
  app.get('/lazy', { childLoggerFactory: lazyChildLoggerFactory }, handler);
  app.get('/eager', handler);
  app.get('/quiet', { childLoggerFactory: lazyChildLoggerFactory }, async (request) => {
    request.log.info('below the level');
    return 'ok';
  });
  await app.ready();
  return { app, lines };
}

const withoutTime = ({ time: _time, ...line }: Record<string, unknown>) => line;

describe('lazyChildLoggerFactory', () => {
  it('writes the same line, with the request id, as an eager child logger', async () => {
    const { app, lines } = await appLoggingAt('warn');
    await app.inject({ url: '/lazy' });
    await app.inject({ url: '/eager' });
    await app.close();
    const [lazy, eager] = lines.filter((line) => line.msg === 'something to say');
    expect(lazy).toMatchObject({ reqId: 'req-1', detail: 42, level: 40 });
    expect(withoutTime(lazy!)).toEqual(withoutTime(eager!));
  });

  it('writes nothing below the level, and Fastify’s own request lines above it', async () => {
    const quiet = await appLoggingAt('warn');
    await quiet.app.inject({ url: '/quiet' });
    await quiet.app.close();
    expect(quiet.lines.filter((line) => line.reqId !== undefined)).toEqual([]);

    const chatty = await appLoggingAt('info');
    await chatty.app.inject({ url: '/quiet' });
    await chatty.app.close();
    expect(chatty.lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['incoming request', 'req-1'],
      ['below the level', 'req-1'],
      ['request completed', 'req-1'],
    ]);
  });
});
