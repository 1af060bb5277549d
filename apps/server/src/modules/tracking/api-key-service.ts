import { randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIXES,
  MAX_ACTIVE_API_KEYS,
  type ApiKey,
  type ApiKeyKind,
} from '@ipick/contracts';
import { AppError } from '../../platform/errors.ts';
import { hashApiKey, kindOfApiKey, mintApiKey } from './api-key-format.ts';
import { toApiKey } from './tracking-presenters.ts';
import type { ApiKeyRow, TrackingRepository } from './tracking-repository.ts';

/** A key made or rotated: the full key is in `secret`, this once. */
export interface CreatedApiKey {
  apiKey: ApiKey;
  secret: string;
  revokedKeyId?: string;
}

/** Who a valid key speaks for. */
export interface KeyHolder {
  keyId: string;
  businessId: string;
}

/** `last_used_at` is written at most this often per key and process: events are frequent. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const TOUCHED_CACHE_SIZE = 10_000;

/**
 * Merchant integration keys: publishable keys for the snippet, secret keys for the conversion
 * API. Only a key's SHA-256 is stored (publishable keys also in full, as they are public).
 */
export class ApiKeyService {
  readonly #repository: TrackingRepository;
  readonly #touched = new Map<string, number>();

  constructor(repository: TrackingRepository) {
    this.#repository = repository;
  }

  async list(businessId: string): Promise<ApiKey[]> {
    return (await this.#repository.listKeys(businessId)).map(toApiKey);
  }

  /** A new key; `conflict` past `MAX_ACTIVE_API_KEYS` unrevoked keys of the kind. */
  async create(businessId: string, kind: ApiKeyKind): Promise<CreatedApiKey> {
    if ((await this.#repository.countActiveKeys(businessId, kind)) >= MAX_ACTIVE_API_KEYS) {
      throw new AppError(
        'conflict',
        `You have ${MAX_ACTIVE_API_KEYS} ${kind} keys already; revoke one before making another.`,
      );
    }
    return this.#insert(businessId, kind);
  }

  /**
   * Replaces a key with a new one of its kind, revoking the old one at once (one transaction).
   * `not_found` for another business's key, `conflict` for a revoked one.
   */
  async rotate(businessId: string, id: string): Promise<CreatedApiKey> {
    const old = await this.#ownKey(businessId, id);
    if (old.revoked_at) throw new AppError('conflict', 'This key is revoked; make a new one.');
    return this.#insert(businessId, old.kind, old.id);
  }

  /** Revokes a key (again is fine); `not_found` for another business's key. */
  async revoke(businessId: string, id: string): Promise<void> {
    await this.#ownKey(businessId, id);
    await this.#repository.revokeKey(businessId, id, new Date());
  }

  /**
   * The business a key of `kind` belongs to. `unauthorized` for a missing, unknown, revoked or
   * wrong-kind key; `forbidden` when the business is suspended, unless `allowSuspended`.
   */
  async authenticate(
    rawKey: string | undefined,
    kind: ApiKeyKind,
    { allowSuspended = false }: { allowSuspended?: boolean } = {},
  ): Promise<KeyHolder> {
    const expected = `${API_KEY_PREFIXES[kind]}…`;
    if (!rawKey) throw new AppError('unauthorized', `Send your ${kind} key (${expected}).`);
    const claimed = kindOfApiKey(rawKey);
    if (claimed !== kind) {
      throw new AppError(
        'unauthorized',
        claimed === 'secret'
          ? 'Secret keys must never be used in web pages: revoke this one and use a publishable key (pk_live_…).'
          : `This call needs a ${kind} key (${expected}).`,
      );
    }
    const row = await this.#repository.findKeyByHash(hashApiKey(rawKey));
    if (!row) throw new AppError('unauthorized', 'This API key is not valid.');
    if (row.revoked_at) throw new AppError('unauthorized', 'This API key has been revoked.');
    if (row.business_status === 'suspended' && !allowSuspended) {
      throw new AppError('forbidden', 'This business is suspended on ipick.');
    }
    await this.#touch(row.id);
    return { keyId: row.id, businessId: row.business_id };
  }

  async #ownKey(businessId: string, id: string): Promise<ApiKeyRow> {
    const row = await this.#repository.findKey(businessId, id);
    if (!row) throw new AppError('not_found', 'There is no such key.');
    return row;
  }

  async #insert(businessId: string, kind: ApiKeyKind, revokeId?: string): Promise<CreatedApiKey> {
    const minted = mintApiKey(kind);
    const now = new Date();
    const row = await this.#repository.insertKey(
      {
        id: randomUUID(),
        business_id: businessId,
        kind,
        prefix: minted.prefix,
        last_four: minted.lastFour,
        key_hash: minted.hash,
        publishable_key: kind === 'publishable' ? minted.key : null,
        created_at: now,
      },
      revokeId ? { id: revokeId, at: now } : undefined,
    );
    return {
      apiKey: toApiKey(row),
      secret: minted.key,
      ...(revokeId ? { revokedKeyId: revokeId } : {}),
    };
  }

  async #touch(keyId: string): Promise<void> {
    const now = Date.now();
    if (now - (this.#touched.get(keyId) ?? 0) < TOUCH_INTERVAL_MS) return;
    if (this.#touched.size >= TOUCHED_CACHE_SIZE) this.#touched.clear();
    this.#touched.set(keyId, now);
    await this.#repository.touchKey(keyId, new Date(now));
  }
}
