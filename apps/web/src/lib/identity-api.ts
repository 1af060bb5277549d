import {
  ApiError,
  apiFetch,
  lazySchema,
  resolveSchema,
  type LazyResponseSchema,
  type ResponseSchema,
} from '@/lib/api-client';

// Loaded with the first call: the validation library is no part of the pages' first load.
const schemas = () => import('./identity-api-schemas');
const identityAccessSchema = lazySchema(() =>
  schemas().then((module) => module.identityAccessSchema),
);
const knownErrorSchema = lazySchema(() => schemas().then((module) => module.knownErrorSchema));

/** A schema of an answer, or one that loads with the call (`lazySchema`). */
export type IdentityAnswerSchema<T> = ResponseSchema<T> | LazyResponseSchema<T>;

/**
 * Calls ipick's identity API (`/api/v1`, client tier) as whoever is signed in on this page:
 * the project's keys and a short-lived access token come from `POST /api/auth/identity-token`,
 * which reads the session cookie; without a session the call goes without a user.
 */
export async function identityCall<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: IdentityAnswerSchema<T>,
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
  if (!response.ok) throw await identityError(response.status, text);
  return (await resolveSchema(schema)).parse(text === '' ? {} : JSON.parse(text));
}

/** A known error's code and words (`{ code, error }`), or the plain-text answer as the words. */
async function identityError(status: number, text: string): Promise<ApiError> {
  try {
    const known = (await resolveSchema(knownErrorSchema)).parse(JSON.parse(text));
    return new ApiError(status, known.code, known.error);
  } catch {
    return new ApiError(status, 'identity_error', text.trim());
  }
}
