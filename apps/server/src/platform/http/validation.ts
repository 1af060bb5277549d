import type { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Parses part of a request with its contract schema. A failure is a 400 whose message names
 * the field, e.g. "body.email: Invalid email address".
 */
export function parseRequestPart<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  part: 'body' | 'query' | 'params',
): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues
    .map((issue) => `${[part, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ');
  throw new AppError('invalid_request', message);
}
