import { randomUUID } from 'node:crypto';
import { knownErrors, StatusError } from '../core/known-errors.ts';
import type { ProjectRecord } from '../core/identity-repository.ts';
import { hashToken } from '../core/secrets.ts';
import { newApiKey, parseApiKey, type ApiKeyOwnerType } from './api-key-format.ts';
import type { ApiKeyOwner, ApiKeysRepository, OwnerApiKeyRecord } from './api-keys-repository.ts';

/**
 * User and team API keys (stack-auth.md §3.15): issued once, checked by hash, revocable,
 * optionally expiring. The project config switches each kind on or off.
 */
export class ApiKeys {
  readonly #repository: ApiKeysRepository;

  constructor(repository: ApiKeysRepository) {
    this.#repository = repository;
  }

  /** Refuses when the project has this kind of key switched off. */
  requireEnabled(project: ProjectRecord, type: ApiKeyOwnerType): void {
    const enabled =
      type === 'user' ? project.config.allow_user_api_keys : project.config.allow_team_api_keys;
    if (!enabled) {
      throw new StatusError(
        400,
        `${type === 'user' ? 'User' : 'Team'} API keys are not enabled for this project.`,
      );
    }
  }

  /** Issues a key; the returned secret is never stored and cannot be shown again. */
  async create(
    project: ProjectRecord,
    owner: ApiKeyOwner,
    input: { description: string; expiresAt: Date | null; isPublic: boolean },
  ): Promise<{ record: OwnerApiKeyRecord; secret: string }> {
    this.requireEnabled(project, owner.type);
    const secret = newApiKey(owner.type, input.isPublic);
    const id = randomUUID();
    await this.#repository.insert({
      id,
      projectId: project.id,
      owner,
      description: input.description,
      secretHash: hashToken(secret),
      lastFour: secret.slice(-4),
      isPublic: input.isPublic,
      expiresAt: input.expiresAt,
    });
    return { record: (await this.#repository.find(project.id, owner, id))!, secret };
  }

  list(projectId: string, owner: ApiKeyOwner) {
    return this.#repository.list(projectId, owner);
  }

  async require(projectId: string, owner: ApiKeyOwner, id: string): Promise<OwnerApiKeyRecord> {
    const key = await this.#repository.find(projectId, owner, id);
    if (!key) throw knownErrors.apiKeyNotFound();
    return key;
  }

  async update(
    projectId: string,
    owner: ApiKeyOwner,
    id: string,
    changes: { description?: string; revoked?: true },
  ): Promise<OwnerApiKeyRecord> {
    await this.require(projectId, owner, id);
    await this.#repository.update(id, {
      description: changes.description,
      revokedAt: changes.revoked ? new Date() : undefined,
    });
    return this.require(projectId, owner, id);
  }

  /**
   * The key of a presented secret, if it is valid: API_KEY_NOT_FOUND (404) for no such key,
   * WRONG_API_KEY_TYPE for a team key checked as a user key (or the other way),
   * API_KEY_REVOKED and API_KEY_EXPIRED (401).
   */
  async check(
    project: ProjectRecord,
    type: ApiKeyOwnerType,
    secret: string,
  ): Promise<OwnerApiKeyRecord> {
    this.requireEnabled(project, type);
    const parsed = parseApiKey(secret);
    if (!parsed) throw knownErrors.apiKeyNotFound();
    const key = await this.#repository.findBySecretHash(project.id, hashToken(secret));
    if (!key) throw knownErrors.apiKeyNotFound();
    if (key.type !== type) throw knownErrors.wrongApiKeyType(type, key.type);
    if (key.manually_revoked_at) throw knownErrors.apiKeyRevoked();
    if (key.expires_at && key.expires_at.getTime() <= Date.now()) throw knownErrors.apiKeyExpired();
    return key;
  }
}
