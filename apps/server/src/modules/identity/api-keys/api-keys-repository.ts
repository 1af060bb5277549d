import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, IdentityOwnerApiKeysTable } from '../../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export type OwnerApiKeyRecord = Selectable<IdentityOwnerApiKeysTable>;
export type ApiKeyOwner = { type: 'user'; userId: string } | { type: 'team'; teamId: string };

/** SQL of user and team API keys (stack-auth.md §3.15). */
export class ApiKeysRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async insert(key: {
    id: string;
    projectId: string;
    owner: ApiKeyOwner;
    description: string;
    secretHash: string;
    lastFour: string;
    isPublic: boolean;
    expiresAt: Date | null;
  }) {
    await this.#db
      .insertInto('identity_owner_api_keys')
      .values({
        id: key.id,
        project_id: key.projectId,
        type: key.owner.type,
        user_id: key.owner.type === 'user' ? key.owner.userId : null,
        team_id: key.owner.type === 'team' ? key.owner.teamId : null,
        description: key.description,
        secret_hash: key.secretHash,
        last_four: key.lastFour,
        is_public: key.isPublic,
        expires_at: key.expiresAt,
      })
      .execute();
  }

  #ofOwner(projectId: string, owner: ApiKeyOwner) {
    const query = this.#db
      .selectFrom('identity_owner_api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('type', '=', owner.type);
    return owner.type === 'user'
      ? query.where('user_id', '=', owner.userId)
      : query.where('team_id', '=', owner.teamId);
  }

  list(projectId: string, owner: ApiKeyOwner): Promise<OwnerApiKeyRecord[]> {
    return this.#ofOwner(projectId, owner).orderBy('created_at').orderBy('id').execute();
  }

  async find(projectId: string, owner: ApiKeyOwner, id: string) {
    return (await this.#ofOwner(projectId, owner).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findBySecretHash(projectId: string, secretHash: string) {
    const row = await this.#db
      .selectFrom('identity_owner_api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('secret_hash', '=', secretHash)
      .executeTakeFirst();
    return row ?? null;
  }

  async update(id: string, changes: { description?: string; revokedAt?: Date }) {
    if (changes.description !== undefined) {
      await this.#db
        .updateTable('identity_owner_api_keys')
        .set({ description: changes.description })
        .where('id', '=', id)
        .execute();
    }
    if (changes.revokedAt) {
      // Revoking twice keeps the first time (stack-auth.md §3.15).
      await this.#db
        .updateTable('identity_owner_api_keys')
        .set({ manually_revoked_at: changes.revokedAt })
        .where('id', '=', id)
        .where('manually_revoked_at', 'is', null)
        .execute();
    }
  }
}
