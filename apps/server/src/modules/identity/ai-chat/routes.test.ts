import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityApp } from '../../../../test/identity-app.ts';

/** An OpenAI-compatible endpoint on loopback: answers /v1/chat/completions and records calls. */
interface ModelStandIn {
  server: Server;
  url: string;
  calls: {
    path: string;
    headers: IncomingHttpHeaders;
    body: { model: string; messages: unknown[] };
  }[];
}

async function startModelStandIn(): Promise<ModelStandIn> {
  const standIn: ModelStandIn = { server: createServer(), url: '', calls: [] };
  standIn.server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(
        Buffer.concat(chunks).toString('utf8'),
      ) as ModelStandIn['calls'][0]['body'];
      standIn.calls.push({ path: request.url ?? '', headers: request.headers, body });
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: 'Use a <Container> with padding.' },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
  return standIn;
}

let model: ModelStandIn;
let configured: IdentityApp;
let unconfigured: IdentityApp;

function adminCall(
  app: IdentityApp,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
) {
  return app.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: {
      'x-stack-project-id': app.keys.projectId,
      'x-stack-access-type': 'admin',
      'x-stack-super-secret-admin-key': app.keys.superSecretAdminKey,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

beforeAll(async () => {
  model = await startModelStandIn();
  configured = await startIdentityApp({
    identityOptions: { aiChat: { url: model.url, key: 'sk-standin', model: 'stand-in-model' } },
  });
  unconfigured = await startIdentityApp();
}, 60_000);

afterAll(async () => {
  await configured?.close();
  await unconfigured?.close();
  await new Promise((resolve) => model?.server.close(resolve));
});

describe('AI chat', () => {
  it('answers from the configured endpoint and keeps the thread', async () => {
    const question = { role: 'user', content: 'How do I pad my email theme?' };
    const answer = await adminCall(configured, 'POST', '/internal/ai-chat/thread-1', {
      context_type: 'email-theme',
      messages: [question],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      content: [{ type: 'text', text: 'Use a <Container> with padding.' }],
    });
    const call = model.calls.at(-1)!;
    expect(call.headers.authorization).toBe('Bearer sk-standin');
    expect(call.body.model).toBe('stand-in-model');
    expect(call.body.messages.at(-1)).toEqual(question);
    expect(call.body.messages[0]).toMatchObject({ role: 'system' });

    for (const message of [
      question,
      { role: 'assistant', content: [{ type: 'text', text: 'Use a <Container> with padding.' }] },
    ]) {
      const saved = await adminCall(configured, 'PATCH', '/internal/ai-chat/thread-1', { message });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const thread = await adminCall(configured, 'GET', '/internal/ai-chat/thread-1');
    expect(thread.json<{ messages: unknown[] }>().messages).toEqual([
      question,
      { role: 'assistant', content: [{ type: 'text', text: 'Use a <Container> with padding.' }] },
    ]);
    const other = await adminCall(configured, 'GET', '/internal/ai-chat/thread-2');
    expect(other.json()).toEqual({ messages: [] });
  });

  it('says that no endpoint is configured, and names bad input', async () => {
    const answer = await adminCall(unconfigured, 'POST', '/internal/ai-chat/thread-1', {
      context_type: 'email-theme',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.body).toMatch(/No AI chat endpoint is configured.*IPICK_AI_CHAT_URL/);
    // The conversation store works without a model.
    const saved = await adminCall(unconfigured, 'PATCH', '/internal/ai-chat/t', {
      message: { role: 'user', content: 'kept' },
    });
    expect(saved.statusCode).toBe(200);

    const noMessages = await adminCall(configured, 'POST', '/internal/ai-chat/thread-1', {
      context_type: 'email-theme',
      messages: [],
    });
    expect(noMessages.statusCode).toBe(400);
    expect(noMessages.json<{ error: string }>().error).toMatch(/body\.messages/);
    const badRole = await adminCall(configured, 'PATCH', '/internal/ai-chat/thread-1', {
      message: { role: 'robot', content: 'x' },
    });
    expect(badRole.json<{ error: string }>().error).toMatch(/body\.message\.role/);
  });

  it('is for the admin tier only', async () => {
    for (const tier of ['client', 'server'] as const) {
      const response = await configured.api.call('GET', '/internal/ai-chat/thread-1', { tier });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_ACCESS_TYPE' });
    }
  });
});
