import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** `\u0000` in JSON text: the escape itself, not an escaped backslash followed by "u0000". */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/i;

/**
 * Refuses a request whose path, query or body holds a NUL character, naming where. PostgreSQL's
 * text and jsonb cannot store one, so it would otherwise fail deep inside a query as a 500.
 */
export const nulCharactersPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook: an async one costs every request a promise.
    app.addHook('preValidation', (request, _reply, done) => {
      const where = nulCharacterPlace(request);
      done(
        where === null
          ? undefined
          : new AppError('invalid_request', `${where}: contains a NUL character (\\u0000)`),
      );
    });
  },
  { name: 'nul-characters' },
);

function nulCharacterPlace(request: FastifyRequest): string | null {
  // The request line can carry a NUL only percent-encoded.
  if (request.url.includes('%00')) {
    const where =
      findNulCharacter(request.params, 'params') ?? findNulCharacter(request.query, 'query');
    if (where !== null) return where;
  }
  const { body } = request;
  // Text bodies (the snippet's beacons) are JSON the route parses itself.
  if (typeof body === 'string')
    return body.includes('\0') || ESCAPED_NUL.test(body) ? 'body' : null;
  return findNulCharacter(body, 'body');
}

/**
 * The path (`body.items.0.name`) of the first string or key in `value` holding a NUL, or null.
 * Walks with its own stack: a deeply nested body must not overflow the call stack.
 */
export function findNulCharacter(value: unknown, path: string): string | null {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [item, itemPath] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return itemPath;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return `${itemPath}.${JSON.stringify(key)}`;
        pending.push([child, `${itemPath}.${key}`]);
      }
    }
  }
  return null;
}
