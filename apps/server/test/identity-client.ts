import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { IdentityRepository } from '../src/modules/identity/core/identity-repository.ts';
import { Projects } from '../src/modules/identity/core/projects.ts';
import type { DatabaseSchema } from '../src/platform/db/schema.ts';

export interface IdentityKeys {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
  /** The operator's admin key, which `npm run identity:keys` prints too. */
  superSecretAdminKey: string;
}

type Tier = 'client' | 'server';

/**
 * Calls the identity API the way the Stack Auth clients do: their headers, JSON bodies,
 * optionally a user's access token. `prefix` picks the `x-stack-` or `x-hexclave-` spelling.
 */
export function identityClient(app: FastifyInstance, keys: IdentityKeys, prefix = 'x-stack') {
  function headers(tier: Tier, accessToken?: string, extra: Record<string, string> = {}) {
    return {
      [`${prefix}-project-id`]: keys.projectId,
      [`${prefix}-access-type`]: tier,
      [`${prefix}-publishable-client-key`]: keys.publishableClientKey,
      ...(tier === 'server' ? { [`${prefix}-secret-server-key`]: keys.secretServerKey } : {}),
      ...(accessToken ? { [`${prefix}-access-token`]: accessToken } : {}),
      ...extra,
    };
  }
  function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: {
      tier?: Tier;
      body?: unknown;
      accessToken?: string;
      headers?: Record<string, string>;
      /** The caller's address, for tests about per-address limits. */
      remoteAddress?: string;
    } = {},
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url: `/api/v1${path}`,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      headers: headers(options.tier ?? 'client', options.accessToken, options.headers),
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  }
  return { call, headers };
}

/** ipick's project and its keys, as `npm run identity:keys` would print them. */
export async function identityKeys(
  db: Kysely<DatabaseSchema>,
  publicUrl: string,
): Promise<IdentityKeys> {
  const projects = new Projects(new IdentityRepository(db), publicUrl);
  const project = await projects.ensureDefaultProject();
  return projects.ensureKeys(project.id);
}

/**
 * Changes settings of ipick's identity project, as the admin tier will (issue 14); until then
 * tests set what a scenario needs here.
 */
export async function updateProjectConfig(
  db: Kysely<DatabaseSchema>,
  projectId: string,
  changes: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('identity_projects')
    .set({ config: sql`config || ${JSON.stringify(changes)}::jsonb` })
    .where('id', '=', projectId)
    .execute();
}
