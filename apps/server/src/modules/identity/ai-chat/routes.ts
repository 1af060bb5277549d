import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listAdminRoute } from '../admin/admin-route-list.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import {
  requireAccess,
  resolveRequestContext,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import type { AiChat } from './ai-chat.ts';

interface AiChatRoutesOptions {
  identity: IdentityCore & { aiChat: AiChat };
}

const threadParams = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be 1-100 letters, digits, _ or -'),
});
const chatMessage = z.object({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string().max(100_000), z.array(z.unknown()).max(100)]),
});
const answerBody = z.strictObject({
  context_type: z.string().min(1).max(100),
  messages: z.array(chatMessage).min(1).max(200),
});
const saveBody = z.strictObject({ message: chatMessage.passthrough() });

/**
 * The admin tier's AI chat (spec §7): `POST /internal/ai-chat/{id}` answers a conversation,
 * `PATCH` stores one message of the thread, `GET` lists the thread's messages.
 */
export async function aiChatRoutes(app: FastifyInstance, { identity }: AiChatRoutesOptions) {
  const { aiChat } = identity;

  const route = (
    method: 'GET' | 'POST' | 'PATCH',
    handler: (ctx: IdentityRequestContext, id: string, request: FastifyRequest) => Promise<unknown>,
  ) => {
    const url = '/internal/ai-chat/:id';
    listAdminRoute(method, url);
    app.route({
      method,
      url,
      handler: async (request) => {
        const ctx = requireAccess(await resolveRequestContext(request, identity), ['admin']);
        const { id } = parseIdentityInput(threadParams, request.params, 'params');
        return handler(ctx, id, request);
      },
    });
  };

  route('POST', async (_ctx, _id, request) => {
    const body = parseIdentityInput(answerBody, request.body, 'body');
    const text = await aiChat.answer(body.context_type, body.messages);
    return { content: [{ type: 'text', text }] };
  });

  route('PATCH', async (ctx, id, request) => {
    const body = parseIdentityInput(saveBody, request.body, 'body');
    await aiChat.save(ctx.project.id, id, body.message);
    return {};
  });

  route('GET', async (ctx, id) => ({ messages: await aiChat.list(ctx.project.id, id) }));
}
