import type { FastifyRequest } from 'fastify';
import type { IdentityCore } from './identity-core.ts';
import type { ProjectRecord, UserRecord } from './identity-repository.ts';
import { KnownError, knownErrors } from './known-errors.ts';
import { restrictedReason } from './user-presenter.ts';

export type AccessType = 'client' | 'server' | 'admin';
const accessTypes: readonly string[] = ['client', 'server', 'admin'];

/** The one branch of every project; access tokens say `branch_id: "main"`. */
export const DEFAULT_BRANCH_ID = 'main';

export interface IdentityRequestContext {
  project: ProjectRecord;
  accessType: AccessType;
  /** The user of the access token, if one was sent. */
  user: UserRecord | null;
  /** The session (refresh-token row) the access token was minted from. */
  sessionId: string | null;
}

/**
 * Reads an identity header in either spelling: clients up to 2.8.102 send `x-stack-*`, newer
 * ones `x-hexclave-*` (stack-auth.md §1.2). Node lower-cases header names already.
 */
export function identityHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[`x-stack-${name}`] ?? request.headers[`x-hexclave-${name}`];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

/**
 * Works out who is calling, in the order of stack-auth.md §1.3. Null means an
 * unauthenticated request (no access type); endpoints decide whether that is enough.
 */
export async function resolveRequestContext(
  request: FastifyRequest,
  identity: IdentityCore,
): Promise<IdentityRequestContext | null> {
  const accessType = identityHeader(request, 'access-type');
  const projectId = identityHeader(request, 'project-id');
  const publishableKey = identityHeader(request, 'publishable-client-key');
  const serverKey = identityHeader(request, 'secret-server-key');
  const adminKey = identityHeader(request, 'super-secret-admin-key');
  const accessToken = identityHeader(request, 'access-token');

  if (!accessType) {
    if (publishableKey || serverKey || adminKey) throw knownErrors.projectKeyWithoutAccessType();
    return null;
  }
  if (!accessTypes.includes(accessType)) throw knownErrors.invalidAccessType(accessType);
  if (!projectId) throw knownErrors.accessTypeWithoutProjectId(accessType);

  const project = await identity.projects.find(projectId);
  let verified: { userId: string; sessionId: string | null } | null = null;
  if (accessToken) verified = await identity.tokens.verify(project?.id ?? projectId, accessToken);
  if (!project) throw knownErrors.currentProjectNotFound(projectId);

  const { projects } = identity;
  if (accessType === 'client') {
    if (!publishableKey) {
      if (project.config.require_publishable_client_key !== false) {
        throw knownErrors.publishableClientKeyRequired(project.id);
      }
    } else if (!(await projects.isValidKey(project.id, 'publishable_client_key', publishableKey))) {
      throw knownErrors.invalidPublishableClientKey(project.id);
    }
  } else if (accessType === 'server') {
    if (!serverKey) throw knownErrors.serverAuthenticationRequired();
    if (!(await projects.isValidKey(project.id, 'secret_server_key', serverKey))) {
      throw knownErrors.invalidSecretServerKey(project.id);
    }
  } else if (adminKey) {
    if (!(await projects.isValidKey(project.id, 'super_secret_admin_key', adminKey))) {
      throw knownErrors.invalidSuperSecretAdminKey(project.id);
    }
  } else {
    const adminAccessToken = identityHeader(request, 'admin-access-token');
    if (!adminAccessToken) throw knownErrors.adminAuthenticationRequired();
    await requireProjectOwner(identity, project, adminAccessToken);
  }

  // Projects have one branch, "main" (stack-auth.md §1.3 step 6).
  const branchId = identityHeader(request, 'branch-id') ?? DEFAULT_BRANCH_ID;
  if (branchId !== DEFAULT_BRANCH_ID) throw knownErrors.branchDoesNotExist(branchId);

  // A token of a user deleted since it was minted is a token of no one.
  const user = verified ? await identity.accounts.find(project.id, verified.userId) : null;
  if (verified && !user) throw knownErrors.unparsableAccessToken();
  if (user) refuseUnlessLetIn(request, user);
  return {
    project,
    accessType: accessType as AccessType,
    user,
    sessionId: verified?.sessionId ?? null,
  };
}

/**
 * The admin tier by a project owner's session (`x-stack-admin-access-token`, what
 * `StackAdminApp({ projectOwnerSession })` sends): the access token of an internal-project user
 * who belongs to the team that owns the project (stack-auth.md §1.3 step 5).
 */
async function requireProjectOwner(
  identity: IdentityCore,
  project: ProjectRecord,
  token: string,
): Promise<void> {
  const internal = await identity.projects.ensureInternalProject();
  let userId: string;
  try {
    ({ userId } = await identity.tokens.verify(internal.id, token));
  } catch (error) {
    if (error instanceof KnownError && error.code === 'ACCESS_TOKEN_EXPIRED') {
      const expiredAt = error.details?.expired_at_millis;
      throw knownErrors.adminAccessTokenExpired(typeof expiredAt === 'number' ? expiredAt : null);
    }
    if (error instanceof KnownError && error.code === 'INVALID_PROJECT_FOR_ACCESS_TOKEN') {
      throw new KnownError(
        'INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN',
        401,
        'Admin access tokens must be created on the internal project.',
      );
    }
    throw knownErrors.unparsableAdminAccessToken();
  }
  const user = await identity.accounts.find(internal.id, userId);
  if (!user) throw knownErrors.unparsableAdminAccessToken();
  if (!(await identity.projects.isOwner(project, user.id))) {
    throw knownErrors.adminAccessTokenIsNotAdmin();
  }
}

/**
 * Anonymous and restricted users act only where the request opts into them (stack-auth.md
 * §1.2); the Stack clients always send `allow-anonymous-user: true`, which lets both in. The
 * user is judged as they are now, so a restriction counts before their token expires.
 */
function refuseUnlessLetIn(request: FastifyRequest, user: UserRecord): void {
  const reason = restrictedReason(user);
  if (reason === null) return;
  if (identityHeader(request, 'allow-anonymous-user') === 'true') return;
  if (user.isAnonymous) throw knownErrors.anonymousAuthenticationNotAllowed();
  if (identityHeader(request, 'allow-restricted-user') === 'true') return;
  throw knownErrors.restrictedUserNotAllowed(reason);
}

/** Refuses requests without an access type, or with one this endpoint does not allow. */
export function requireAccess(
  context: IdentityRequestContext | null,
  allowed: readonly AccessType[],
): IdentityRequestContext {
  if (!context) throw knownErrors.accessTypeRequired();
  if (!allowed.includes(context.accessType)) {
    throw knownErrors.insufficientAccessType(context.accessType, [...allowed]);
  }
  return context;
}

export const clientOrHigher: readonly AccessType[] = ['client', 'server', 'admin'];
export const serverOrHigher: readonly AccessType[] = ['server', 'admin'];

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * The client id and secret of an OAuth token request: from HTTP Basic authentication
 * (`client_secret_basic`) when the request has it, else from the form (`client_secret_post`,
 * what the Stack clients send). Both halves of Basic credentials are form-encoded (RFC 6749
 * §2.3.1). An empty secret counts as none.
 */
export function oauthClientCredentials(
  request: FastifyRequest,
  body: { client_id?: string; client_secret?: string },
): { id: string; secret: string | undefined } {
  const [scheme, encoded] = (request.headers.authorization ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'basic') {
    return { id: body.client_id ?? '', secret: body.client_secret || undefined };
  }
  const decoded = Buffer.from(encoded ?? '', 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) throw knownErrors.invalidOAuthClientIdOrSecret('');
  const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  try {
    const id = formDecode(decoded.slice(0, separator));
    const secret = formDecode(decoded.slice(separator + 1));
    return { id, secret: secret || undefined };
  } catch {
    throw knownErrors.invalidOAuthClientIdOrSecret('');
  }
}
