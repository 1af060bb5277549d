import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { findNulCharacter } from './nul-characters.ts';

describe('findNulCharacter', () => {
  it('names the first string or key that holds a NUL', () => {
    expect(findNulCharacter({ a: 'fine', b: ['x', { c: 'y\0' }] }, 'body')).toBe('body.b.1.c');
    expect(findNulCharacter({ 'k\0': 1 }, 'body')).toBe('body."k\\u0000"');
    expect(findNulCharacter({ a: ['x'], n: 1, z: null }, 'body')).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end\0';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findNulCharacter(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});

describe('requests with a NUL character', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('are refused with a 400 naming where, before anything is stored', async () => {
    const register = await app.inject({
      method: 'POST',
      url: '/api/business/auth/register',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: {
        name: 'Nu\u0000l',
        domain: 'nul.example.com',
        email: 'nul@example.com',
        password: 'long enough 1',
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({
      code: 'invalid_request',
      error: 'body.name: contains a NUL character (\\u0000)',
    });
    const users = await testDb.database.db
      .selectFrom('identity_contact_channels')
      .select('value')
      .where('value', '=', 'nul@example.com')
      .execute();
    expect(users).toEqual([]);

    const browse = await app.inject({ url: '/api/catalog/products?q=ke%00ttle' });
    expect(browse.statusCode).toBe(400);
    expect(browse.json<{ error: string }>().error).toMatch(/^query\.q: contains a NUL/);
  });

  it('in a text body (the snippet sends JSON as text/plain) are refused too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/track/event?key=pk_live_x',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example' },
      payload: '{"eventType":"page_view","eventData":{"title":"a\\u0000b"}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^body: contains a NUL/);
    // An escaped backslash before "u0000" is text, not a NUL.
    const text = await app.inject({
      method: 'POST',
      url: '/api/track/event?key=pk_live_x',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example' },
      payload: '{"eventType":"page_view","eventData":{"title":"a\\\\u0000b"}}',
    });
    expect(text.statusCode).toBe(401); // past the check: the key is what is wrong
  });
});
