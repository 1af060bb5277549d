/**
 * The few identity API calls the operator CLI makes (client tier, as the Stack clients do),
 * over plain HTTP to an ipick server.
 */

export interface ProjectAccess {
  projectId: string;
  publishableClientKey: string;
}

export class CliError extends Error {}

/** fetch, with a server that cannot be reached said in one line rather than a stack trace. */
async function request(server: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new CliError(`Could not reach ${server} (${reason}).`);
  }
}

/** The server's identity project and its publishable key (public by design). */
export async function fetchProjectAccess(server: string): Promise<ProjectAccess> {
  const response = await request(server, `${server}/api/auth/identity-token`, { method: 'POST' });
  if (!response.ok) {
    throw new CliError(`${server} did not answer as an ipick server (HTTP ${response.status}).`);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ProjectAccess>;
  if (typeof body.projectId !== 'string' || typeof body.publishableClientKey !== 'string') {
    throw new CliError(`${server} did not answer as an ipick server.`);
  }
  return { projectId: body.projectId, publishableClientKey: body.publishableClientKey };
}

export interface IdentityAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function identityCall(
  server: string,
  access: ProjectAccess,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { body?: unknown; accessToken?: string; refreshToken?: string } = {},
): Promise<IdentityAnswer> {
  const response = await request(server, `${server}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-stack-access-type': 'client',
      'x-stack-project-id': access.projectId,
      'x-stack-publishable-client-key': access.publishableClientKey,
      ...(options.accessToken ? { 'x-stack-access-token': options.accessToken } : {}),
      ...(options.refreshToken ? { 'x-stack-refresh-token': options.refreshToken } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { error: text };
  }
  return { status: response.status, body };
}

/** The known error's words, or the status. */
export function describeFailure(answer: IdentityAnswer): string {
  const words = typeof answer.body.error === 'string' ? answer.body.error : null;
  return words ?? `HTTP ${answer.status}`;
}
