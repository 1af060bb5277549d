import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKnownError,
  signUpWithPassword,
  startIdentityApp,
  type IdentityApp,
} from '../../../../test/identity-app.ts';
import { WebhooksRepository } from './webhooks-repository.ts';

let ctx: IdentityApp;
let receiver: Receiver;
let portalToken: string;

/** A webhook receiver on loopback: answers with the next status of `answers` (then 200). */
interface Receiver {
  url: string;
  server: Server;
  received: { headers: IncomingHttpHeaders; body: string; answered: number }[];
  answers: number[];
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', server: createServer(), received: [], answers: [] };
  receiver.server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = receiver.answers.shift() ?? 200;
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({ headers: request.headers, body, answered });
      response.writeHead(answered, { 'content-type': 'text/plain' });
      response.end(answered === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  return receiver;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function adminCall(method: 'POST' | 'GET', path: string, body?: unknown) {
  return ctx.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: {
      'x-stack-project-id': ctx.keys.projectId,
      'x-stack-access-type': 'admin',
      'x-stack-super-secret-admin-key': ctx.keys.superSecretAdminKey,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function portal(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  token = portalToken,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1/webhooks/portal${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

interface LoggedMessage {
  id: string;
  event_type: string;
  status: string;
  payload: { type: string; data: Record<string, unknown> };
  attempt_log: { attempt: number; status: string; response_status_code: number | null }[];
}

async function deliveryLog(endpointId: string): Promise<LoggedMessage[]> {
  const response = await portal('GET', `/messages?endpoint_id=${endpointId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: LoggedMessage[] }>().items;
}

beforeAll(async () => {
  ctx = await startIdentityApp({
    identityOptions: {
      // The receiver is on loopback, which IPICK_FETCH_ALLOW_PRIVATE=1 allows.
      webhookDelivery: { pollMs: 50, retryDelaysMs: [300, 300], allowPrivate: true },
    },
  });
  receiver = await startReceiver();
  const tokenResponse = await adminCall('POST', '/webhooks/svix-token', {});
  expect(tokenResponse.statusCode, tokenResponse.body).toBe(200);
  const body = tokenResponse.json<{ token: string; url: string }>();
  expect(body.url).toMatch(/\/api\/v1\/webhooks\/portal$/);
  portalToken = body.token;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

describe('webhook delivery', () => {
  it('signs user.created in the Standard Webhooks format and retries after a 500', async () => {
    const created = await portal('POST', '/endpoints', {
      url: receiver.url,
      description: 'user events',
      event_types: ['user.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<{ id: string; secret: string }>();
    expect(endpoint.secret).toMatch(/^whsec_/);

    receiver.received.length = 0;
    receiver.answers = [500];
    const user = await ctx.api.call('POST', '/users', {
      tier: 'server',
      body: { primary_email: 'hooked@example.com', display_name: 'Hooked' },
    });
    expect(user.statusCode, user.body).toBe(201);
    const userId = user.json<{ id: string }>().id;

    await waitFor('two deliveries', () => (receiver.received.length >= 2 ? true : undefined));
    const [first, second] = receiver.received;
    expect(first!.answered).toBe(500);
    expect(second!.answered).toBe(200);
    // The same message both times, each signature valid for the endpoint's secret.
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const verifier = new Webhook(endpoint.secret);
    for (const delivery of [first!, second!]) {
      const verified = verifier.verify(delivery.body, delivery.headers as Record<string, string>);
      expect(verified).toMatchObject({
        type: 'user.created',
        data: { id: userId, primary_email: 'hooked@example.com', display_name: 'Hooked' },
      });
    }
    // A wrong secret does not verify.
    const stranger = new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`);
    expect(() =>
      stranger.verify(second!.body, second!.headers as Record<string, string>),
    ).toThrow();

    const log = await waitFor('the log of both attempts', async () => {
      const messages = await deliveryLog(endpoint.id);
      return messages[0]?.status === 'delivered' ? messages : undefined;
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      event_type: 'user.created',
      status: 'delivered',
      attempt_log: [
        { attempt: 1, status: 'failed', response_status_code: 500 },
        { attempt: 2, status: 'succeeded', response_status_code: 200 },
      ],
    });
    await portal('DELETE', `/endpoints/${endpoint.id}`);
  });

  it('sends team, membership, permission and user deletion events, and gives up after the last retry', async () => {
    const created = await portal('POST', '/endpoints', { url: receiver.url });
    const endpoint = created.json<{ id: string; secret: string }>();
    receiver.received.length = 0;
    receiver.answers = [];

    const member = await signUpWithPassword(ctx.api);
    const team = await ctx.api.call('POST', '/teams', {
      tier: 'server',
      body: { display_name: 'Hook team' },
    });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = team.json<{ id: string }>().id;
    const join = await ctx.api.call('POST', `/team-memberships/${teamId}/${member.id}`, {
      tier: 'server',
      body: {},
    });
    expect(join.statusCode, join.body).toBe(201);
    const grant = await ctx.api.call(
      'POST',
      `/team-permissions/${teamId}/${member.id}/team_admin`,
      { tier: 'server', body: {} },
    );
    expect(grant.statusCode, grant.body).toBe(201);
    const removed = await ctx.api.call('DELETE', `/users/${member.id}`, {
      tier: 'server',
      body: {},
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const types = await waitFor('the deletion event', () => {
      const seen = receiver.received.map(
        (d) => (JSON.parse(d.body) as { type: string; data: Record<string, unknown> }).type,
      );
      return seen.includes('user.deleted') ? seen : undefined;
    });
    expect(types).toEqual(
      expect.arrayContaining([
        'user.created',
        'team.created',
        'team_membership.created',
        'team_permission.created',
        'user.deleted',
      ]),
    );
    const payloads = receiver.received.map(
      (d) => JSON.parse(d.body) as { type: string; data: Record<string, unknown> },
    );
    expect(payloads.find((p) => p.type === 'team_permission.created')!.data).toEqual({
      id: 'team_admin',
      team_id: teamId,
      user_id: member.id,
    });
    expect(payloads.find((p) => p.type === 'user.deleted')!.data).toEqual({
      id: member.id,
      teams: [{ id: teamId }],
    });

    // An endpoint that keeps failing: the first try and both retries, then `failed`.
    receiver.received.length = 0;
    receiver.answers = [503, 503, 503];
    await ctx.api.call('PATCH', `/teams/${teamId}`, {
      tier: 'server',
      body: { display_name: 'Renamed' },
    });
    const failed = await waitFor('the message to fail', async () => {
      const messages = await deliveryLog(endpoint.id);
      const message = messages.find((m) => m.event_type === 'team.updated');
      return message?.status === 'failed' ? message : undefined;
    });
    expect(failed.attempt_log.map((a) => a.response_status_code)).toEqual([503, 503, 503]);

    // The operator resends it once the endpoint is back.
    const resend = await portal('POST', `/messages/${failed.id}/resend`, {});
    expect(resend.statusCode, resend.body).toBe(200);
    await waitFor('the resent message', async () => {
      const messages = await deliveryLog(endpoint.id);
      const message = messages.find((m) => m.id === failed.id);
      return message?.status === 'delivered' ? true : undefined;
    });
    await portal('DELETE', `/endpoints/${endpoint.id}`);
  });
});

describe('the delivery log', () => {
  it('loses finished messages past their retention, never pending ones', async () => {
    const repository = new WebhooksRepository(ctx.testDb.database.db);
    const endpoint = (await portal('POST', '/endpoints', { url: receiver.url })).json<{
      id: string;
    }>();
    await portal('PATCH', `/endpoints/${endpoint.id}`, { disabled: true });
    const db = ctx.testDb.database.db;
    const messageId = crypto.randomUUID();
    await db
      .insertInto('identity_webhook_messages')
      .values({
        id: messageId,
        project_id: ctx.keys.projectId,
        endpoint_id: endpoint.id,
        event_type: 'user.created',
        payload: '{}',
        next_attempt_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const later = new Date(Date.now() + 60_000);
    await repository.pruneFinished(later);
    expect((await deliveryLog(endpoint.id)).map((m) => m.id)).toEqual([messageId]);
    await db
      .updateTable('identity_webhook_messages')
      .set({ status: 'failed' })
      .where('id', '=', messageId)
      .execute();
    expect(await repository.pruneFinished(later)).toBeGreaterThanOrEqual(1);
    expect(await deliveryLog(endpoint.id)).toEqual([]);
    await portal('DELETE', `/endpoints/${endpoint.id}`);
  });
});

describe('private addresses', () => {
  it('refuses a loopback endpoint, and does not deliver to one stored anyway', async () => {
    const guarded = await startIdentityApp({
      identityOptions: { webhookDelivery: { pollMs: 50, retryDelaysMs: [] } },
    });
    try {
      const token = (
        await guarded.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/svix-token',
          headers: {
            'x-stack-project-id': guarded.keys.projectId,
            'x-stack-access-type': 'admin',
            'x-stack-super-secret-admin-key': guarded.keys.superSecretAdminKey,
          },
          payload: {},
        })
      ).json<{ token: string }>().token;
      const create = (url: string) =>
        guarded.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/portal/endpoints',
          headers: { authorization: `Bearer ${token}` },
          payload: { url },
        });
      const literal = await create(receiver.url);
      expectKnownError(literal, 400, 'SCHEMA_ERROR');
      expect(literal.json<{ error: string }>().error).toMatch(/body\.url: points at a loopback/);

      // One stored before the rule (or by hand) is refused at delivery, each attempt logged.
      const endpointId = crypto.randomUUID();
      await new WebhooksRepository(guarded.testDb.database.db).insertEndpoint({
        id: endpointId,
        projectId: guarded.keys.projectId,
        url: receiver.url,
        description: '',
        secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
        eventTypes: null,
        disabled: false,
      });
      receiver.received.length = 0;
      await guarded.api.call('POST', '/users', { tier: 'server', body: {} });
      const message = await waitFor('the refused attempt', async () => {
        const response = await guarded.app.inject({
          method: 'GET',
          url: `/api/v1/webhooks/portal/messages?endpoint_id=${endpointId}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const [first] = response.json<{
          items: (LoggedMessage & { attempt_log: { error: string | null }[] })[];
        }>().items;
        return first?.status === 'failed' ? first : undefined;
      });
      expect(message.attempt_log[0]).toMatchObject({
        status: 'failed',
        response_status_code: null,
        error: 'refused: private_address',
      });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });
});

describe('the webhook portal', () => {
  it('manages endpoints with the token and refuses without one', async () => {
    const noToken = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks/portal/endpoints',
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.body).toMatch(/POST \/webhooks\/svix-token/);
    const wrongToken = await portal('GET', '/endpoints', undefined, 'whpt_not-a-token');
    expect(wrongToken.statusCode).toBe(401);

    const badUrl = await portal('POST', '/endpoints', { url: 'ftp://example.com' });
    expectKnownError(badUrl, 400, 'SCHEMA_ERROR');
    expect(badUrl.json<{ error: string }>().error).toMatch(/body\.url/);
    const badType = await portal('POST', '/endpoints', {
      url: 'https://example.com/hooks',
      event_types: ['user.exploded'],
    });
    expectKnownError(badType, 400, 'SCHEMA_ERROR');
    expect(badType.json<{ error: string }>().error).toMatch(/body\.event_types\.0/);

    const created = await portal('POST', '/endpoints', { url: 'https://example.com/hooks' });
    const { id } = created.json<{ id: string }>();
    const disabled = await portal('PATCH', `/endpoints/${id}`, { disabled: true });
    expect(disabled.json()).toMatchObject({ id, disabled: true, event_types: null });
    const listed = await portal('GET', '/endpoints');
    expect(listed.json<{ items: { id: string }[] }>().items.map((e) => e.id)).toContain(id);
    expect((await portal('DELETE', `/endpoints/${id}`)).statusCode).toBe(200);
    expect((await portal('GET', `/endpoints/${id}`)).statusCode).toBe(404);
  });

  it('gives portal tokens only on the admin tier', async () => {
    for (const tier of ['client', 'server'] as const) {
      const response = await ctx.api.call('POST', '/webhooks/svix-token', { tier, body: {} });
      expectKnownError(response, 401, 'INSUFFICIENT_ACCESS_TYPE');
    }
  });
});
