import { randomUUID } from 'node:crypto';
import type { IdentityRepository, ProjectConfig, ProjectRecord } from './identity-repository.ts';
import { constantTimeEqual, randomToken } from './secrets.ts';

export type ProjectKeyKind =
  'publishable_client_key' | 'secret_server_key' | 'super_secret_admin_key';

export interface ProjectKeys {
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
}

const keyPrefixes: Record<ProjectKeyKind, string> = {
  publishable_client_key: 'pck_',
  secret_server_key: 'ssk_',
  super_secret_admin_key: 'sak_',
};

function defaultConfig(publicUrl: string): ProjectConfig {
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

  find(projectId: string): Promise<ProjectRecord | null> {
    return this.#repository.findProject(projectId);
  }

  /** The project's current client and server keys, issuing a set when there is none. */
  async ensureKeys(projectId: string): Promise<ProjectKeys> {
    const current = (await this.#repository.listValidApiKeys(projectId)).find(
      (key) => key.publishable_client_key && key.secret_server_key,
    );
    if (current) {
      return {
        projectId,
        publishableClientKey: current.publishable_client_key!,
        secretServerKey: current.secret_server_key!,
      };
    }
    const keys = {
      publishableClientKey: keyPrefixes.publishable_client_key + randomToken(40),
      secretServerKey: keyPrefixes.secret_server_key + randomToken(40),
    };
    await this.#repository.insertApiKey({
      id: randomUUID(),
      project_id: projectId,
      description: 'ipick operator keys',
      publishable_client_key: keys.publishableClientKey,
      secret_server_key: keys.secretServerKey,
      super_secret_admin_key: null,
      expires_at: null,
    });
    return { projectId, ...keys };
  }

  /** Whether `value` is a valid (unrevoked, unexpired) key of this kind for the project. */
  async isValidKey(projectId: string, kind: ProjectKeyKind, value: string): Promise<boolean> {
    const keys = await this.#repository.listValidApiKeys(projectId);
    return keys.some((key) => {
      const stored = key[kind];
      return stored !== null && constantTimeEqual(stored, value);
    });
  }
}
