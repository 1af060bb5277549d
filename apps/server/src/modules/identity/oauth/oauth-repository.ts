import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_oauth_accounts` (migration 0038). */
export interface IdentityOAuthAccountsTable {
  id: string;
  project_id: string;
  user_id: string;
  provider_config_id: string;
  provider_type: string;
  account_id: string;
  email: string | null;
  allow_sign_in: ColumnType<boolean, boolean | undefined, boolean>;
  allow_connected_accounts: ColumnType<boolean, boolean | undefined, boolean>;
  access_token_encrypted: string | null;
  refresh_token_encrypted: string | null;
  access_token_expires_at: Date | null;
  scopes: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** `identity_oauth_codes` (migration 0038). */
export interface IdentityOAuthCodesTable {
  id: string;
  project_id: string;
  user_id: string;
  code_hash: string;
  code_challenge: string;
  redirect_uri: string;
  is_new_user: boolean;
  after_callback_redirect_url: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  used_at: ColumnType<Date | null, null | undefined, Date>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_oauth_accounts: IdentityOAuthAccountsTable;
    identity_oauth_codes: IdentityOAuthCodesTable;
  }
}

export type OAuthAccountRow = Selectable<IdentityOAuthAccountsTable>;
export type OAuthCodeRow = Selectable<IdentityOAuthCodesTable>;

export interface StoredTokens {
  accessTokenEncrypted: string | null;
  refreshTokenEncrypted: string | null;
  accessTokenExpiresAt: Date | null;
  scopes: string;
}

/** The only place with SQL for OAuth accounts and the outer flow's codes. */
export class OAuthRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async findAccount(
    projectId: string,
    providerConfigId: string,
    accountId: string,
  ): Promise<OAuthAccountRow | null> {
    const row = await this.#db
      .selectFrom('identity_oauth_accounts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('provider_config_id', '=', providerConfigId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ?? null;
  }

  async findAccountById(projectId: string, id: string): Promise<OAuthAccountRow | null> {
    const row = await this.#db
      .selectFrom('identity_oauth_accounts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  listForUser(projectId: string, userId: string): Promise<OAuthAccountRow[]> {
    return this.#db
      .selectFrom('identity_oauth_accounts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertAccount(account: {
    id: string;
    projectId: string;
    userId: string;
    providerConfigId: string;
    providerType: string;
    accountId: string;
    email: string | null;
    allowSignIn?: boolean;
    allowConnectedAccounts?: boolean;
    tokens: StoredTokens | null;
  }): Promise<void> {
    await this.#db
      .insertInto('identity_oauth_accounts')
      .values({
        id: account.id,
        project_id: account.projectId,
        user_id: account.userId,
        provider_config_id: account.providerConfigId,
        provider_type: account.providerType,
        account_id: account.accountId,
        email: account.email,
        allow_sign_in: account.allowSignIn,
        allow_connected_accounts: account.allowConnectedAccounts,
        access_token_encrypted: account.tokens?.accessTokenEncrypted ?? null,
        refresh_token_encrypted: account.tokens?.refreshTokenEncrypted ?? null,
        access_token_expires_at: account.tokens?.accessTokenExpiresAt ?? null,
        scopes: account.tokens?.scopes ?? '',
      })
      .execute();
  }

  /** New tokens; a refresh that returned no refresh token keeps the stored one. */
  async updateTokens(id: string, tokens: StoredTokens, email?: string | null): Promise<void> {
    await this.#db
      .updateTable('identity_oauth_accounts')
      .set({
        access_token_encrypted: tokens.accessTokenEncrypted,
        ...(tokens.refreshTokenEncrypted === null
          ? {}
          : { refresh_token_encrypted: tokens.refreshTokenEncrypted }),
        access_token_expires_at: tokens.accessTokenExpiresAt,
        scopes: tokens.scopes,
        ...(email === undefined ? {} : { email }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async updateAccount(
    id: string,
    changes: {
      accountId?: string;
      email?: string | null;
      allowSignIn?: boolean;
      allowConnectedAccounts?: boolean;
    },
  ): Promise<void> {
    await this.#db
      .updateTable('identity_oauth_accounts')
      .set({
        ...(changes.accountId === undefined ? {} : { account_id: changes.accountId }),
        ...(changes.email === undefined ? {} : { email: changes.email }),
        ...(changes.allowSignIn === undefined ? {} : { allow_sign_in: changes.allowSignIn }),
        ...(changes.allowConnectedAccounts === undefined
          ? {}
          : { allow_connected_accounts: changes.allowConnectedAccounts }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async deleteAccount(projectId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('identity_oauth_accounts')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async insertCode(code: {
    id: string;
    projectId: string;
    userId: string;
    codeHash: string;
    codeChallenge: string;
    redirectUri: string;
    isNewUser: boolean;
    afterCallbackRedirectUrl: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.#db
      .insertInto('identity_oauth_codes')
      .values({
        id: code.id,
        project_id: code.projectId,
        user_id: code.userId,
        code_hash: code.codeHash,
        code_challenge: code.codeChallenge,
        redirect_uri: code.redirectUri,
        is_new_user: code.isNewUser,
        after_callback_redirect_url: code.afterCallbackRedirectUrl,
        expires_at: code.expiresAt,
      })
      .execute();
  }

  /**
   * Marks a code used and returns it, once: of two requests with the same code only one gets
   * the row. Expired and used codes give null.
   */
  async redeemCode(projectId: string, codeHash: string): Promise<OAuthCodeRow | null> {
    const row = await this.#db
      .updateTable('identity_oauth_codes')
      .set({ used_at: new Date() })
      .where('project_id', '=', projectId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }
}
