import { z } from 'zod';
import { ApiError, apiFetch } from '@/lib/api-client';

const identityAccessSchema = z.object({
  projectId: z.string(),
  publishableClientKey: z.string(),
  accessToken: z.string().nullable(),
});

/**
 * Calls ipick's identity API (`/api/v1`, client tier) as whoever is signed in on this page:
 * the project's keys and a short-lived access token come from `POST /api/auth/identity-token`,
 * which reads the session cookie; without a session the call goes without a user.
 */
export async function identityCall<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: { parse(input: unknown): T },
): Promise<T> {
  const access = await apiFetch('/api/auth/identity-token', {
    method: 'POST',
    schema: identityAccessSchema,
  });
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'x-stack-access-type': 'client',
      'x-stack-project-id': access.projectId,
      'x-stack-publishable-client-key': access.publishableClientKey,
      ...(access.accessToken ? { 'x-stack-access-token': access.accessToken } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw identityError(response.status, text);
  return schema.parse(text === '' ? {} : JSON.parse(text));
}

const knownErrorSchema = z.object({ code: z.string(), error: z.string() });

/** A known error's code and words (`{ code, error }`), or the plain-text answer as the words. */
function identityError(status: number, text: string): ApiError {
  try {
    const known = knownErrorSchema.parse(JSON.parse(text));
    return new ApiError(status, known.code, known.error);
  } catch {
    return new ApiError(status, 'identity_error', text.trim());
  }
}
