import { randomUUID } from 'node:crypto';
import type { IdentityRepository, ProjectConfig, ProjectRecord } from './identity-repository.ts';
import { hashToken, randomToken } from './secrets.ts';

export type ProjectKeyKind =
  'publishable_client_key' | 'secret_server_key' | 'super_secret_admin_key';

export interface ProjectKeys {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

/** The id clients use for the internal project (stack-auth.md §0 finding 4, §3.17). */
export const INTERNAL_PROJECT_ALIAS = 'internal';

export const keyPrefixes: Record<ProjectKeyKind, string> = {
  publishable_client_key: 'pck_',
  secret_server_key: 'ssk_',
  super_secret_admin_key: 'sak_',
};

/** A new key of this kind: its prefix and 40 random base32 characters. */
export function newProjectKey(kind: ProjectKeyKind): string {
  return keyPrefixes[kind] + randomToken(40);
}

/** The stored columns of a key: its hash and last four characters, and the key itself if kept. */
export function keyColumns(kind: ProjectKeyKind, value: string | null, keepReadable: boolean) {
  return {
    [kind]: keepReadable ? value : null,
    [`${kind}_hash`]: value === null ? null : hashToken(value),
    [`${kind}_last_four`]: value === null ? null : value.slice(-4),
  };
}

export function defaultConfig(publicUrl: string): ProjectConfig {
  return {
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: true,
    passkey_enabled: true,
    allow_localhost: true,
    client_team_creation_enabled: false,
    client_user_deletion_enabled: false,
    allow_user_api_keys: true,
    allow_team_api_keys: false,
    domains: [{ domain: publicUrl, handler_path: '/handler' }],
  };
}

/** The identity service's projects: ipick runs in its own project, with a UUID id. */
export class Projects {
  readonly #repository: IdentityRepository;
  readonly #publicUrl: string;
  #internalProjectId: Promise<string> | null = null;

  constructor(repository: IdentityRepository, publicUrl: string) {
    this.#repository = repository;
    this.#publicUrl = publicUrl;
  }

  /** ipick's own project, created on first use. */
  async ensureDefaultProject(): Promise<ProjectRecord> {
    const existing = await this.#repository.findFirstProjectId();
    if (!existing) {
      await this.#repository.insertProject({
        id: randomUUID(),
        displayName: 'ipick',
        config: defaultConfig(this.#publicUrl),
      });
    }
    const id = existing ?? (await this.#repository.findFirstProjectId())!;
    return (await this.#repository.findProject(id))!;
  }

  /** Changes some of a project's settings (an operator's command until the admin tier). */
  configure(projectId: string, changes: Partial<ProjectConfig>): Promise<void> {
    return this.#repository.updateProjectConfig(projectId, changes);
  }

  /**
   * The internal project (stack-auth.md §3.17), created on first use: its users sign up, make
   * teams and own the other projects through them.
   */
  async ensureInternalProject(): Promise<ProjectRecord> {
    this.#internalProjectId ??= this.#createInternalProject().catch((error: unknown) => {
      this.#internalProjectId = null;
      throw error;
    });
    const project = await this.#repository.findProject(await this.#internalProjectId);
    if (project) return project;
    this.#internalProjectId = null; // deleted since: make it again
    return this.ensureInternalProject();
  }

  async #createInternalProject(): Promise<string> {
    const existing = await this.#repository.findInternalProject();
    if (existing) return existing.id;
    try {
      await this.#repository.insertProject({
        id: randomUUID(),
        displayName: 'Internal',
        description: 'The project whose users own and manage the other projects',
        isInternal: true,
        config: { ...defaultConfig(this.#publicUrl), client_team_creation_enabled: true },
      });
    } catch (error) {
      // Another process made it first (one internal project: a unique index).
      const made = await this.#repository.findInternalProject();
      if (made) return made.id;
      throw error;
    }
    return (await this.#repository.findInternalProject())!.id;
  }

  /** A project by its id, or the internal project by the id `internal`. */
  async find(projectId: string): Promise<ProjectRecord | null> {
    if (projectId === INTERNAL_PROJECT_ALIAS) return this.ensureInternalProject();
    if (!isUuidText(projectId)) return null;
    return this.#repository.findProject(projectId);
  }

  /**
   * The project's operator keys (publishable, secret and admin), issuing a set when there is
   * none and an admin key when the set has none yet. These stay readable, so that
   * `npm run identity:keys` prints the same keys each time; keys issued through the admin tier
   * are kept only as hashes.
   */
  async ensureKeys(projectId: string): Promise<ProjectKeys> {
    const current = (await this.#repository.listValidApiKeys(projectId)).find(
      (key) => key.publishable_client_key && key.secret_server_key,
    );
    if (current) {
      let adminKey = current.super_secret_admin_key;
      if (!adminKey) {
        await this.#repository.setOperatorAdminKey(
          current.id,
          keyColumns('super_secret_admin_key', newProjectKey('super_secret_admin_key'), true),
        );
        // Read back: of two processes adding one at once, the first one's key is kept.
        const keys = await this.#repository.listValidApiKeys(projectId);
        adminKey = keys.find((key) => key.id === current.id)!.super_secret_admin_key!;
      }
      return {
        projectId,
        publishableClientKey: current.publishable_client_key!,
        secretServerKey: current.secret_server_key!,
        superSecretAdminKey: adminKey,
      };
    }
    const keys = {
      publishableClientKey: newProjectKey('publishable_client_key'),
      secretServerKey: newProjectKey('secret_server_key'),
      superSecretAdminKey: newProjectKey('super_secret_admin_key'),
    };
    await this.#repository.insertApiKey({
      id: randomUUID(),
      project_id: projectId,
      description: 'ipick operator keys',
      ...keyColumns('publishable_client_key', keys.publishableClientKey, true),
      ...keyColumns('secret_server_key', keys.secretServerKey, true),
      ...keyColumns('super_secret_admin_key', keys.superSecretAdminKey, true),
      expires_at: null,
    });
    return { projectId, ...keys };
  }

  /** Whether `value` is a valid (unrevoked, unexpired) key of this kind for the project. */
  isValidKey(projectId: string, kind: ProjectKeyKind, value: string): Promise<boolean> {
    return this.#repository.hasValidKeyHash(projectId, `${kind}_hash`, hashToken(value));
  }

  /**
   * Whether a user of the internal project may manage the project (a member of its owner
   * team). Plugged in by the admin capability; without it nobody owns a project.
   */
  isOwner: (project: ProjectRecord, internalUserId: string) => Promise<boolean> = () =>
    Promise.resolve(false);
}

function isUuidText(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
