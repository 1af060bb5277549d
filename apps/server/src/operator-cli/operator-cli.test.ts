import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

let testDb: TestDatabase;
let app: FastifyInstance;
let server: string;
let configHome: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  server = `http://127.0.0.1:${address.port}`;
  configHome = await mkdtemp(join(tmpdir(), 'ipick-cli-'));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  if (configHome) await rm(configHome, { recursive: true, force: true });
});

/** Runs `npm run ipick -- <args>` as a child process; `onLine` sees stdout line by line. */
function runCli(args: string[], onLine: (line: string) => void = () => {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: {
      ...process.env,
      XDG_CONFIG_HOME: configHome,
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
      IPICK_URL: '',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

async function identityKeys() {
  const response = await app.inject({ method: 'POST', url: '/api/auth/identity-token' });
  return response.json<{ projectId: string; publishableClientKey: string }>();
}

describe('npm run ipick -- login / whoami', () => {
  it('prints the confirm address, polls until a signed-in user approves, keeps the token 0600, and whoami names the user', async () => {
    const keys = await identityKeys();
    const headers = {
      'x-stack-access-type': 'client',
      'x-stack-project-id': keys.projectId,
      'x-stack-publishable-client-key': keys.publishableClientKey,
    };
    const email = `operator-${Date.now()}@example.com`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/sign-up',
      headers,
      payload: { email, password: 'operator password 1' },
    });
    expect(signUp.statusCode).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = signUp.json<{
      access_token: string;
      refresh_token: string;
    }>();

    const approval: { loginCode?: string; status?: Promise<number> } = {};
    // The user approves on the confirm page, which calls complete with their session, once the
    // command has been told at least once that the login is still waiting: so it must poll again.
    const approveAfterFirstPoll = (request: IncomingMessage, response: ServerResponse) => {
      if (!request.url?.endsWith('/auth/cli/poll')) return;
      response.once('finish', () => {
        if (!approval.loginCode || approval.status) return;
        approval.status = app
          .inject({
            method: 'POST',
            url: '/api/v1/auth/cli/complete',
            headers: { ...headers, 'x-stack-access-token': accessToken },
            payload: { login_code: approval.loginCode, refresh_token: refreshToken },
          })
          .then((answer) => answer.statusCode);
      });
    };
    app.server.on('request', approveAfterFirstPoll);
    const started = Date.now();
    const login = runCli(['login', '--server', server], (line) => {
      const match = /\/handler\/cli-auth-confirm\?login_code=(\S+)/.exec(line);
      if (!match || approval.loginCode) return;
      expect(line.trim().startsWith(`${server}/handler/cli-auth-confirm?login_code=`)).toBe(true);
      approval.loginCode = decodeURIComponent(match[1]!);
    });
    const result = await login.done;
    app.server.off('request', approveAfterFirstPoll);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await approval.status).toBe(200);
    expect(result.stdout).toContain('Waiting for approval');
    expect(result.stdout).not.toContain('Opened it in your browser');
    expect(result.stdout).toContain(`Signed in as ${email}.`);
    // The command waited its 2000 ms after the poll that found the login still waiting.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);

    const file = join(configHome, 'ipick', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(configHome, 'ipick'))).mode & 0o777).toBe(0o700);

    const who = await runCli(['whoami']).done;
    expect(who.code).toBe(0);
    expect(who.stdout).toContain(email);
    expect(who.stdout).toContain(server);

    const stored = JSON.parse(await readFile(file, 'utf8')) as { refreshToken: string };
    const out = await runCli(['logout']).done;
    expect(out.stdout).toContain('Signed out.');
    // The session is ended on the server too, not only forgotten here.
    const refreshAfterLogout = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/current/refresh',
      headers: { ...headers, 'x-stack-refresh-token': stored.refreshToken },
    });
    expect(refreshAfterLogout.statusCode).toBeGreaterThanOrEqual(400);
    const after = await runCli(['whoami']).done;
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('Not signed in. Run ipick login first.');
  });

  it('says the §8 words when the approval comes too late, and names a bad server', async () => {
    const bad = await runCli(['login', '--server', 'ftp://example.com']).done;
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--server must be an http:// or https:// address');
    // A port nothing listens on: one line naming the server, no stack trace.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = `http://127.0.0.1:${port}`;
    const unreachable = await runCli(['login', '--server', nowhere]).done;
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim()).toBe(`Could not reach ${nowhere} (ECONNREFUSED).`);

    const login = runCli(['login', '--server', server], (line) => {
      const match = /\/handler\/cli-auth-confirm\?login_code=(\S+)/.exec(line);
      if (!match) return;
      // Nobody approves, and the attempt runs out behind the CLI's back.
      void sql`update identity_cli_auth_attempts set expires_at = now() - interval '1 second'`.execute(
        testDb.database.db,
      );
    });
    const result = await login.done;
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('CLI authentication request expired. Please try again.');
  });
});
