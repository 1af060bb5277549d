import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { JWK } from 'jose';
import type {
  DatabaseSchema,
  IdentityApiKeysTable,
  IdentityProjectsTable,
  IdentitySessionsTable,
  IdentityVerificationCodesTable,
  VerificationPurpose,
} from '../../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export interface ProjectRecord {
  id: string;
  displayName: string;
  description: string;
  createdAt: Date;
  isProductionMode: boolean;
  config: ProjectConfig;
  /** The project whose users own the others (stack-auth.md §3.17). */
  isInternal: boolean;
  /** The internal project's team whose members manage this project, if any. */
  ownerTeamId: string | null;
  isDevelopmentEnvironment: boolean;
  logos: ProjectLogos;
}

export interface ProjectLogos {
  logo_url: string | null;
  logo_full_url: string | null;
  logo_dark_mode_url: string | null;
  logo_full_dark_mode_url: string | null;
}

/** Project fields the admin tier changes besides the config. */
export type ProjectChanges = Partial<
  {
    displayName: string;
    description: string;
    isProductionMode: boolean;
    isDevelopmentEnvironment: boolean;
    ownerTeamId: string | null;
  } & ProjectLogos
>;

/** The project settings this server acts on (a subset of spec §3 "Project config"). */
export interface ProjectConfig {
  sign_up_enabled: boolean;
  credential_enabled: boolean;
  magic_link_enabled: boolean;
  passkey_enabled: boolean;
  allow_localhost: boolean;
  client_team_creation_enabled: boolean;
  client_user_deletion_enabled: boolean;
  allow_user_api_keys: boolean;
  allow_team_api_keys: boolean;
  /** Trusted origins for redirect and callback URLs, e.g. `https://ipick.example`. */
  domains: TrustedDomain[];
  /** Anonymous sign-up (`/auth/anonymous/sign-up`); on if absent. */
  anonymous_enabled?: boolean;
  /** Client requests need the publishable key; on if absent (stack-auth.md §1.3 step 5). */
  require_publishable_client_key?: boolean;
  /** Where the project's mail goes: ipick's own server, or the project's SMTP server. */
  email_config?: EmailServerConfig;
  /** The email theme the project's mail is rendered with. */
  email_theme?: string;
  /**
   * Permission definitions and default grants (spec §6, stack-auth.md §3.14). Absent keys
   * mean the defaults of the permissions capability (team_admin, team_member).
   */
  team_permission_definitions?: PermissionDefinition[];
  project_permission_definitions?: PermissionDefinition[];
  team_creator_default_permissions?: { id: string }[];
  team_member_default_permissions?: { id: string }[];
  user_default_permissions?: { id: string }[];
  /** The OAuth providers users may sign in with (stack-auth.md §3.6, §3.18); none if absent. */
  oauth_providers?: OAuthProviderConfig[];
  /**
   * What an OAuth sign-in does when its verified email already signs in to a user:
   * `link_method` adds the provider to that user, `raise_error` refuses, `allow_duplicates`
   * creates another user (whose email then does not sign in). `link_method` if absent.
   */
  oauth_account_merge_strategy?: 'link_method' | 'raise_error' | 'allow_duplicates';
  /** Items and products of the payments capability, as the config names them (`payments.*`). */
  payments?: PaymentsConfig;
}

export type PaymentsCustomerType = 'user' | 'team' | 'custom';

/** `payments.*` of stack-auth.md §3.18: what customers hold (items) and buy (products). */
export interface PaymentsConfig {
  blockNewPurchases?: boolean;
  items?: Record<string, { displayName?: string; customerType: PaymentsCustomerType }>;
  products?: Record<string, PaymentsProduct>;
}

export interface PaymentsProduct {
  displayName?: string;
  customerType: PaymentsCustomerType;
  /** Only the server tier may buy it. */
  serverOnly?: boolean;
  /** Prices by id: an amount in US dollars ("9.99"), and an interval for a subscription. */
  prices: Record<string, { USD: string; interval?: [number, 'day' | 'week' | 'month' | 'year'] }>;
  /** What a purchase gives the customer. */
  includedItems?: Record<string, { quantity: number }>;
}

/** One OAuth provider of a project (spec §3 "Project config"). */
export interface OAuthProviderConfig {
  /** The provider's id in the project, used in URLs: `github`, `google`, or any for `oidc`. */
  id: string;
  /** github, google, microsoft, apple, or oidc (any OpenID provider by its issuer). */
  provider: 'github' | 'google' | 'microsoft' | 'apple' | 'oidc';
  /** shared: the server operator's client of that provider; standard: the project's own. */
  type: 'shared' | 'standard';
  client_id?: string;
  client_secret?: string;
  /** The issuer URL of an `oidc` provider, whose discovery document gives its endpoints. */
  issuer_url?: string;
  microsoft_tenant_id?: string;
}

/** A trusted domain; `id` names it in config overrides (`domains.trustedDomains.<id>`). */
export interface TrustedDomain {
  id?: string;
  domain: string;
  handler_path: string;
}

export type EmailServerConfig =
  | { type: 'shared' }
  | {
      type: 'standard';
      host: string;
      port: number;
      username: string;
      password: string;
      sender_name: string;
      sender_email: string;
    };

export interface PermissionDefinition {
  id: string;
  description?: string;
  contained_permission_ids: string[];
}

export interface UserRecord {
  id: string;
  projectId: string;
  displayName: string | null;
  profileImageUrl: string | null;
  signedUpAt: Date;
  lastActiveAt: Date;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  passwordHash: string | null;
  isAnonymous: boolean;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  requiresTotpMfa: boolean;
  selectedTeamId: string | null;
  restrictedByAdmin: boolean;
  restrictedByAdminReason: string | null;
  restrictedByAdminPrivateDetails: string | null;
  countryCode: string | null;
  riskScores: RiskScores;
  primaryEmail: string | null;
  primaryEmailVerified: boolean;
  primaryEmailAuthEnabled: boolean;
}

/** Stack Auth's `risk_scores.sign_up`: how likely the sign-up was a bot or trial abuse, 0-100. */
export interface RiskScores {
  bot: number;
  free_trial_abuse: number;
}

export type UserChanges = Partial<{
  displayName: string | null;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  passwordHash: string | null;
  otpAuthEnabled: boolean;
  passkeyAuthEnabled: boolean;
  selectedTeamId: string | null;
  restrictedByAdmin: boolean;
  restrictedByAdminReason: string | null;
  restrictedByAdminPrivateDetails: string | null;
  countryCode: string | null;
  riskScores: RiskScores;
  isAnonymous: boolean;
  totpSecret: Uint8Array | null;
}>;

export type SessionRecord = Selectable<IdentitySessionsTable>;
export type VerificationCodeRecord = Selectable<IdentityVerificationCodesTable>;
export type ApiKeyRecord = Selectable<IdentityApiKeysTable>;

export interface UserListQuery {
  cursor?: string;
  limit: number;
  orderBy: 'signed_up_at' | 'last_active_at';
  desc: boolean;
  query?: string;
  /** Anonymous users are left out unless asked for; asking for them brings restricted ones too. */
  includeAnonymous: boolean;
  /** Only anonymous users (`only_anonymous`), whatever `includeAnonymous` says. */
  onlyAnonymous?: boolean;
  /** Users restricted by an admin are left out unless asked for. */
  includeRestricted: boolean;
  /** Only these users (a team's members), when given. */
  userIds?: string[];
}

function toProjectRecord(row: Selectable<IdentityProjectsTable>): ProjectRecord {
  return {
    id: row.id,
    displayName: row.display_name,
    description: row.description,
    createdAt: row.created_at,
    isProductionMode: row.is_production_mode,
    config: row.config as ProjectConfig,
    isInternal: row.is_internal,
    ownerTeamId: row.owner_team_id,
    isDevelopmentEnvironment: row.is_development_environment,
    logos: {
      logo_url: row.logo_url,
      logo_full_url: row.logo_full_url,
      logo_dark_mode_url: row.logo_dark_mode_url,
      logo_full_dark_mode_url: row.logo_full_dark_mode_url,
    },
  };
}

const toJson = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value);

/** The only place with SQL for the identity module (code-style §5). */
export class IdentityRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: IdentityRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new IdentityRepository(trx)));
  }

  // ---- projects and keys ----

  async findProject(projectId: string): Promise<ProjectRecord | null> {
    const row = await this.#db
      .selectFrom('identity_projects')
      .selectAll()
      .where('id', '=', projectId)
      .executeTakeFirst();
    return row ? toProjectRecord(row) : null;
  }

  /** The project, locked until this transaction ends (for a read-modify-write of its config). */
  async findProjectForUpdate(projectId: string): Promise<ProjectRecord | null> {
    const row = await this.#db
      .selectFrom('identity_projects')
      .selectAll()
      .where('id', '=', projectId)
      .forUpdate()
      .executeTakeFirst();
    return row ? toProjectRecord(row) : null;
  }

  async findInternalProject(): Promise<ProjectRecord | null> {
    const row = await this.#db
      .selectFrom('identity_projects')
      .selectAll()
      .where('is_internal', '=', true)
      .executeTakeFirst();
    return row ? toProjectRecord(row) : null;
  }

  /** Projects owned by any of these teams (of the internal project), oldest first. */
  async listProjectsOwnedBy(teamIds: string[]): Promise<ProjectRecord[]> {
    if (teamIds.length === 0) return [];
    const rows = await this.#db
      .selectFrom('identity_projects')
      .selectAll()
      .where('owner_team_id', 'in', teamIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toProjectRecord);
  }

  async updateProject(projectId: string, changes: ProjectChanges): Promise<void> {
    const values = {
      display_name: changes.displayName,
      description: changes.description,
      is_production_mode: changes.isProductionMode,
      is_development_environment: changes.isDevelopmentEnvironment,
      owner_team_id: changes.ownerTeamId,
      logo_url: changes.logo_url,
      logo_full_url: changes.logo_full_url,
      logo_dark_mode_url: changes.logo_dark_mode_url,
      logo_full_dark_mode_url: changes.logo_full_dark_mode_url,
    };
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length === 0) return;
    await this.#db.updateTable('identity_projects').set(set).where('id', '=', projectId).execute();
  }

  /** Replaces the project's whole config. */
  async replaceProjectConfig(projectId: string, config: ProjectConfig): Promise<void> {
    await this.#db
      .updateTable('identity_projects')
      .set({ config: JSON.stringify(config) })
      .where('id', '=', projectId)
      .execute();
  }

  async deleteProject(projectId: string): Promise<void> {
    await this.#db.deleteFrom('identity_projects').where('id', '=', projectId).execute();
  }

  async insertProject(project: {
    id: string;
    displayName: string;
    description?: string;
    config: ProjectConfig;
    isInternal?: boolean;
    ownerTeamId?: string | null;
    isDevelopmentEnvironment?: boolean;
  }) {
    await this.#db
      .insertInto('identity_projects')
      .values({
        id: project.id,
        display_name: project.displayName,
        description: project.description ?? '',
        config: JSON.stringify(project.config),
        is_internal: project.isInternal ?? false,
        owner_team_id: project.ownerTeamId ?? null,
        is_development_environment: project.isDevelopmentEnvironment ?? false,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /** Sets top-level keys of the project's config, keeping the others. */
  async updateProjectConfig(projectId: string, changes: Partial<ProjectConfig>): Promise<void> {
    await this.#db
      .updateTable('identity_projects')
      .set({ config: sql`config || ${JSON.stringify(changes)}::jsonb` })
      .where('id', '=', projectId)
      .execute();
  }

  async findFirstProjectId(): Promise<string | null> {
    const row = await this.#db
      .selectFrom('identity_projects')
      .select('id')
      .where('is_internal', '=', false)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Keys that are neither revoked nor expired, newest first. */
  listValidApiKeys(projectId: string): Promise<ApiKeyRecord[]> {
    return this.#db
      .selectFrom('identity_api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('manually_revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .orderBy('created_at', 'desc')
      .execute();
  }

  async insertApiKey(key: Insertable<IdentityApiKeysTable>) {
    await this.#db.insertInto('identity_api_keys').values(key).execute();
  }

  /** Adds an admin key to a key set that has none. */
  async setOperatorAdminKey(id: string, columns: Record<string, string | null>): Promise<void> {
    await this.#db
      .updateTable('identity_api_keys')
      .set(columns)
      .where('id', '=', id)
      .where('super_secret_admin_key_hash', 'is', null)
      .execute();
  }

  /** Whether an unrevoked, unexpired key of the project has this hash in this slot. */
  async hasValidKeyHash(
    projectId: string,
    slot: 'publishable_client_key_hash' | 'secret_server_key_hash' | 'super_secret_admin_key_hash',
    hash: string,
  ): Promise<boolean> {
    const row = await this.#db
      .selectFrom('identity_api_keys')
      .select('id')
      .where('project_id', '=', projectId)
      .where(slot, '=', hash)
      .where('manually_revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every key of the project, revoked and expired ones too, newest first. */
  listApiKeys(projectId: string): Promise<ApiKeyRecord[]> {
    return this.#db
      .selectFrom('identity_api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async findApiKey(projectId: string, id: string): Promise<ApiKeyRecord | null> {
    const row = await this.#db
      .selectFrom('identity_api_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async updateApiKey(
    projectId: string,
    id: string,
    changes: { description?: string; manually_revoked_at?: Date },
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.#db
      .updateTable('identity_api_keys')
      .set(changes)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  }

  // ---- signing keys ----

  async listSigningKeys(projectId: string) {
    const rows = await this.#db
      .selectFrom('identity_signing_keys')
      .select(['kid', 'private_jwk', 'public_jwk'])
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('kid')
      .execute();
    return rows.map((row) => ({
      kid: row.kid,
      privateJwk: row.private_jwk as JWK,
      publicJwk: row.public_jwk as JWK,
    }));
  }

  async insertSigningKey(key: { kid: string; projectId: string; privateJwk: JWK; publicJwk: JWK }) {
    await this.#db
      .insertInto('identity_signing_keys')
      .values({
        kid: key.kid,
        project_id: key.projectId,
        private_jwk: JSON.stringify(key.privateJwk),
        public_jwk: JSON.stringify(key.publicJwk),
      })
      .execute();
  }

  // ---- users ----

  #selectUsers() {
    return this.#db
      .selectFrom('identity_users as u')
      .leftJoin('identity_contact_channels as c', (join) =>
        join.onRef('c.user_id', '=', 'u.id').on('c.is_primary', '=', true),
      )
      .selectAll('u')
      .select([
        'c.value as primary_email',
        'c.is_verified as primary_email_verified',
        'c.used_for_auth as primary_email_auth_enabled',
      ]);
  }

  async findUser(projectId: string, userId: string): Promise<UserRecord | null> {
    const row = await this.#selectUsers()
      .where('u.project_id', '=', projectId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row ? toUserRecord(row) : null;
  }

  /** The user who signs in with this email (case-insensitive), if any. */
  async findUserByAuthEmail(projectId: string, email: string): Promise<UserRecord | null> {
    return (await this.findAuthEmailOwner(projectId, email))?.user ?? null;
  }

  /** The user who signs in with `email`, and whether they verified that email. */
  async findAuthEmailOwner(
    projectId: string,
    email: string,
  ): Promise<{ user: UserRecord; isEmailVerified: boolean } | null> {
    const channel = await this.#db
      .selectFrom('identity_contact_channels')
      .select(['user_id', 'is_verified'])
      .where('project_id', '=', projectId)
      .where('type', '=', 'email')
      .where('used_for_auth', '=', true)
      .where(sql<string>`lower(value)`, '=', email.toLowerCase())
      .executeTakeFirst();
    const user = channel ? await this.findUser(projectId, channel.user_id) : null;
    return user ? { user, isEmailVerified: channel!.is_verified } : null;
  }

  async insertUser(user: {
    id: string;
    projectId: string;
    displayName?: string | null;
    passwordHash?: string | null;
    isAnonymous?: boolean;
    clientMetadata?: unknown;
    clientReadOnlyMetadata?: unknown;
    serverMetadata?: unknown;
    profileImageUrl?: string | null;
  }) {
    await this.#db
      .insertInto('identity_users')
      .values({
        id: user.id,
        project_id: user.projectId,
        display_name: user.displayName ?? null,
        password_hash: user.passwordHash ?? null,
        is_anonymous: user.isAnonymous ?? false,
        profile_image_url: user.profileImageUrl ?? null,
        client_metadata: toJson(user.clientMetadata),
        client_read_only_metadata: toJson(user.clientReadOnlyMetadata),
        server_metadata: toJson(user.serverMetadata),
      })
      .execute();
  }

  async updateUser(projectId: string, userId: string, changes: UserChanges) {
    const values = {
      display_name: changes.displayName,
      profile_image_url: changes.profileImageUrl,
      client_metadata:
        changes.clientMetadata === undefined ? undefined : toJson(changes.clientMetadata),
      client_read_only_metadata:
        changes.clientReadOnlyMetadata === undefined
          ? undefined
          : toJson(changes.clientReadOnlyMetadata),
      server_metadata:
        changes.serverMetadata === undefined ? undefined : toJson(changes.serverMetadata),
      password_hash: changes.passwordHash,
      otp_auth_enabled: changes.otpAuthEnabled,
      passkey_auth_enabled: changes.passkeyAuthEnabled,
      selected_team_id: changes.selectedTeamId,
      restricted_by_admin: changes.restrictedByAdmin,
      restricted_by_admin_reason: changes.restrictedByAdminReason,
      restricted_by_admin_private_details: changes.restrictedByAdminPrivateDetails,
      country_code: changes.countryCode,
      sign_up_risk_score_bot: changes.riskScores?.bot,
      sign_up_risk_score_free_trial_abuse: changes.riskScores?.free_trial_abuse,
      is_anonymous: changes.isAnonymous,
      totp_secret: changes.totpSecret,
    };
    const defined = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(defined).length === 0) return;
    await this.#db
      .updateTable('identity_users')
      .set(defined)
      .where('project_id', '=', projectId)
      .where('id', '=', userId)
      .execute();
  }

  async touchUserActivity(userId: string) {
    await this.#db
      .updateTable('identity_users')
      .set({ last_active_at: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  async deleteUser(projectId: string, userId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_users')
      .where('project_id', '=', projectId)
      .where('id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * A page of users by sign-up or last-activity time, ties broken by id; `cursor` is the id of
   * the first user of the page.
   */
  async listUsers(
    projectId: string,
    options: UserListQuery,
  ): Promise<{ users: UserRecord[]; nextCursor: string | null }> {
    const column = options.orderBy === 'last_active_at' ? 'last_active_at' : 'signed_up_at';
    let query = this.#selectUsers().where('u.project_id', '=', projectId);
    if (options.userIds) {
      if (options.userIds.length === 0) return { users: [], nextCursor: null };
      query = query.where('u.id', 'in', options.userIds);
    }
    if (options.onlyAnonymous) {
      query = query.where('u.is_anonymous', '=', true);
    } else if (!options.includeAnonymous) {
      query = query.where('u.is_anonymous', '=', false);
      if (!options.includeRestricted) query = query.where('u.restricted_by_admin', '=', false);
    }
    if (options.query) {
      const pattern = `%${options.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`u.id::text`, '=', options.query!),
          eb('u.display_name', 'ilike', pattern),
          eb('c.value', 'ilike', pattern),
        ]),
      );
    }
    if (options.cursor) {
      const cursor = await this.#db
        .selectFrom('identity_users')
        .select('id')
        .where('id', '=', options.cursor)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      if (!cursor) return { users: [], nextCursor: null };
      // The cursor's time is read in SQL: a JS Date would drop its microseconds and so skip or
      // repeat users around the page boundary.
      const comparison = options.desc ? '<=' : '>=';
      query = query.where(
        sql<boolean>`(${sql.ref(`u.${column}`)}, u.id) ${sql.raw(comparison)} (
          select ${sql.ref(column)}, id from identity_users where id = ${cursor.id}
        )`,
      );
    }
    const direction = options.desc ? 'desc' : 'asc';
    const rows = await query
      .orderBy(`u.${column}`, direction)
      .orderBy('u.id', direction)
      .limit(options.limit + 1)
      .execute();
    const users = rows.slice(0, options.limit).map(toUserRecord);
    const nextCursor = rows.length > options.limit ? rows[options.limit]!.id : null;
    return { users, nextCursor };
  }

  // ---- contact channels ----

  async insertPrimaryEmail(channel: {
    id: string;
    projectId: string;
    userId: string;
    email: string;
    isVerified: boolean;
    usedForAuth: boolean;
  }) {
    await this.#db
      .insertInto('identity_contact_channels')
      .values({
        id: channel.id,
        project_id: channel.projectId,
        user_id: channel.userId,
        type: 'email',
        value: channel.email,
        is_verified: channel.isVerified,
        is_primary: true,
        used_for_auth: channel.usedForAuth,
      })
      .execute();
  }

  async updatePrimaryEmail(
    userId: string,
    changes: { email?: string; isVerified?: boolean; usedForAuth?: boolean },
  ) {
    const values = Object.fromEntries(
      Object.entries({
        value: changes.email,
        is_verified: changes.isVerified,
        used_for_auth: changes.usedForAuth,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(values).length === 0) return;
    await this.#db
      .updateTable('identity_contact_channels')
      .set(values)
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .execute();
  }

  /** Removes a user's primary email, and so their sign-in by email. */
  async deletePrimaryEmail(userId: string) {
    await this.#db
      .deleteFrom('identity_contact_channels')
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .execute();
  }

  /** Marks an email of a user as verified; false when the user no longer has that email. */
  async markEmailVerified(userId: string, email: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('identity_contact_channels')
      .set({ is_verified: true })
      .where('user_id', '=', userId)
      .where(sql<string>`lower(value)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // ---- sessions ----

  async insertSession(session: {
    id: string;
    projectId: string;
    userId: string;
    refreshTokenHash: string;
    expiresAt: Date;
    isImpersonation: boolean;
    ip: string | null;
  }) {
    await this.#db
      .insertInto('identity_sessions')
      .values({
        id: session.id,
        project_id: session.projectId,
        user_id: session.userId,
        refresh_token_hash: session.refreshTokenHash,
        expires_at: session.expiresAt,
        is_impersonation: session.isImpersonation,
        last_used_at: new Date(),
        last_used_ip: session.ip,
      })
      .execute();
  }

  /** A session that has not expired, found by its refresh token's hash. */
  findLiveSessionByTokenHash(
    projectId: string,
    refreshTokenHash: string,
  ): Promise<SessionRecord | undefined> {
    return this.#db
      .selectFrom('identity_sessions')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('refresh_token_hash', '=', refreshTokenHash)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  listLiveSessions(projectId: string, userId: string): Promise<SessionRecord[]> {
    return this.#db
      .selectFrom('identity_sessions')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async touchSession(sessionId: string, ip: string | null) {
    await this.#db
      .updateTable('identity_sessions')
      .set({ last_used_at: new Date(), last_used_ip: ip })
      .where('id', '=', sessionId)
      .execute();
  }

  async deleteSession(projectId: string, sessionId: string, userId?: string): Promise<boolean> {
    let query = this.#db
      .deleteFrom('identity_sessions')
      .where('project_id', '=', projectId)
      .where('id', '=', sessionId);
    if (userId) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Ends every session of a user except `keepSessionId` (null ends them all). */
  async deleteSessionsOfUser(userId: string, keepSessionId: string | null) {
    let query = this.#db.deleteFrom('identity_sessions').where('user_id', '=', userId);
    if (keepSessionId) query = query.where('id', '<>', keepSessionId);
    await query.execute();
  }

  // ---- verification codes ----

  async insertVerificationCode(code: {
    id: string;
    projectId: string;
    purpose: VerificationPurpose;
    codeHash: string;
    nonceHash: string;
    userId: string | null;
    email: string | null;
    data: Record<string, unknown>;
    expiresAt: Date;
  }) {
    await this.#db
      .insertInto('identity_verification_codes')
      .values({
        id: code.id,
        project_id: code.projectId,
        purpose: code.purpose,
        code_hash: code.codeHash,
        nonce_hash: code.nonceHash,
        user_id: code.userId,
        email: code.email,
        data: JSON.stringify(code.data),
        expires_at: code.expiresAt,
      })
      .execute();
  }

  /** Locks the row, so two requests with the same code cannot both use it. */
  findVerificationCodeForUpdate(
    projectId: string,
    purpose: VerificationPurpose,
    nonceHash: string,
  ) {
    return this.#db
      .selectFrom('identity_verification_codes')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('purpose', '=', purpose)
      .where('nonce_hash', '=', nonceHash)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Locks the row of the user a code belongs to (none for a code without a user). */
  async lockUserOfVerificationCode(
    projectId: string,
    purpose: VerificationPurpose,
    nonceHash: string,
  ) {
    await this.#db
      .selectFrom('identity_users as u')
      .innerJoin('identity_verification_codes as c', 'c.user_id', 'u.id')
      .select('u.id')
      .where('c.project_id', '=', projectId)
      .where('c.purpose', '=', purpose)
      .where('c.nonce_hash', '=', nonceHash)
      .forUpdate('u')
      .execute();
  }

  async countVerificationAttempt(codeId: string) {
    await this.#db
      .updateTable('identity_verification_codes')
      .set((eb) => ({ attempt_count: eb('attempt_count', '+', 1) }))
      .where('id', '=', codeId)
      .execute();
  }

  async markVerificationCodeUsed(codeId: string) {
    await this.#db
      .updateTable('identity_verification_codes')
      .set({ used_at: new Date() })
      .where('id', '=', codeId)
      .execute();
  }

  /** Marks every still-unused code of a user for `purpose` used. */
  async markVerificationCodesOfUserUsed(
    projectId: string,
    userId: string,
    purpose: VerificationPurpose,
  ) {
    await this.#db
      .updateTable('identity_verification_codes')
      .set({ used_at: new Date() })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}

type UserRow = Selectable<DatabaseSchema['identity_users']> & {
  primary_email: string | null;
  primary_email_verified: boolean | null;
  primary_email_auth_enabled: boolean | null;
};

function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    displayName: row.display_name,
    profileImageUrl: row.profile_image_url,
    signedUpAt: row.signed_up_at,
    lastActiveAt: row.last_active_at,
    clientMetadata: row.client_metadata,
    clientReadOnlyMetadata: row.client_read_only_metadata,
    serverMetadata: row.server_metadata,
    passwordHash: row.password_hash,
    isAnonymous: row.is_anonymous,
    otpAuthEnabled: row.otp_auth_enabled,
    passkeyAuthEnabled: row.passkey_auth_enabled,
    requiresTotpMfa: row.totp_secret !== null,
    selectedTeamId: row.selected_team_id,
    restrictedByAdmin: row.restricted_by_admin,
    restrictedByAdminReason: row.restricted_by_admin_reason,
    restrictedByAdminPrivateDetails: row.restricted_by_admin_private_details,
    countryCode: row.country_code,
    riskScores: {
      bot: row.sign_up_risk_score_bot,
      free_trial_abuse: row.sign_up_risk_score_free_trial_abuse,
    },
    primaryEmail: row.primary_email,
    primaryEmailVerified: row.primary_email_verified ?? false,
    primaryEmailAuthEnabled: row.primary_email_auth_enabled ?? false,
  };
}
