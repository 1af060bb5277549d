import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/test-database.ts';
import { testSettings } from '../test/test-app.ts';
import { buildApp } from './app.ts';
import { AppError } from './platform/errors.ts';
import { parseRequestPart } from './platform/http/validation.ts';

const html = 'text/html,application/xhtml+xml';

describe('the HTTP shell', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const webRoot = mkdtempSync(join(tmpdir(), 'ipick-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>ipick</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    app = await buildApp({
      config: testSettings(),
      database: testDb.database,
      migrationVersion: testDb.migrationVersion,
      webRoot,
    });
    // Routes that exercise the error handler the way real modules will use it.
    const signUpBody = z.object({ email: z.email(), password: z.string().min(8) });
    app.post('/api/test/sign-up', async (request) => {
      parseRequestPart(signUpBody, request.body, 'body');
      return { ok: true };
    });
    app.get('/api/test/conflict', async () => {
      throw new AppError('conflict', 'That shop domain is already registered.');
    });
    app.get('/api/test/crash', async () => {
      throw new Error('connection string postgres://admin:hunter2@db/internal failed');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('reports health with the database kind and the migration version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { kind: testDatabaseKind(), migrationVersion: testDb.migrationVersion },
    });
    expect(testDb.migrationVersion).toBeGreaterThanOrEqual(1);
  });

  it('answers unknown API paths with a JSON 404, even when a browser asks for HTML', async () => {
    const response = await app.inject({ url: '/api/no-such-thing', headers: { accept: html } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'Nothing at GET /api/no-such-thing',
      code: 'not_found',
    });
  });

  it.each(['/', '/browse/gaming', '/business/dashboard/checkout/activity', '/no/such/page'])(
    'serves the app shell for the page %s',
    async (url) => {
      const response = await app.inject({ url, headers: { accept: html } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>ipick</title>');
    },
  );

  it('serves the app shell for a product link placed in the path', async () => {
    const response = await app.inject({
      url: '/https://www.costco.com/lg-65-tv.product.4000243410.html?x=1',
      headers: { accept: html },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>ipick</title>');
  });

  it('sends a page address it cannot decode to the invalid-link message', async () => {
    const page = await app.inject({ url: '/https://%%%garbage%%%', headers: { accept: html } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/?error=invalid-url');
    const api = await app.inject({ url: '/api/%%%' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({
      error: 'The request address is not a valid URL',
      code: 'invalid_request',
    });
  });

  it('serves fingerprinted assets with a long cache life and 404s missing ones', async () => {
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ url: '/assets/app-9999.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Served over plain http (PUBLIC_URL is http here): no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a sane request id from a proxy and replaces junk', async () => {
    const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-42.a' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.a');
    const replaced = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'x\ninjected log line' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the bad field in a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/sign-up',
      payload: { email: 'not-an-email', password: 'long enough' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; code: string }>();
    expect(body.code).toBe('invalid_request');
    expect(body.error).toMatch(/^body\.email: /);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('turns an AppError into its status and code', async () => {
    const response = await app.inject({ url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'That shop domain is already registered.',
      code: 'conflict',
    });
  });

  it('never leaks internals in a 500', async () => {
    const response = await app.inject({ url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal_error' });
    expect(response.body).not.toContain('hunter2');
  });
});
