import { randomUUID } from 'node:crypto';
import type {
  ApiKeyRecord,
  IdentityRepository,
  OAuthProviderConfig,
  ProjectChanges,
  ProjectConfig,
  ProjectRecord,
  UserRecord,
} from '../core/identity-repository.ts';
import { knownErrors, StatusError } from '../core/known-errors.ts';
import {
  defaultConfig,
  keyColumns,
  newProjectKey,
  type ProjectKeyKind,
  type Projects,
} from '../core/projects.ts';
import type { Accounts } from '../core/accounts.ts';
import { toServerUser } from '../core/user-presenter.ts';
import { definitionsOf, type PermissionScope } from '../core/permission-definitions.ts';
import type { Teams } from '../teams/teams.ts';
import type { AdminRepository } from './admin-repository.ts';
import {
  createDefinition,
  deleteDefinition,
  listDefinitions,
  updateDefinition,
  type DefinitionInput,
} from './permission-definition-rules.ts';
import { applyConfigOverride, renderConfig } from './project-config.ts';
import { productionModeProblems } from './production-mode.ts';

/** The admin project shape's writable config (stack-auth.md §3.17), as sent by the clients. */
export interface ProjectConfigUpdate {
  sign_up_enabled?: boolean | undefined;
  credential_enabled?: boolean | undefined;
  magic_link_enabled?: boolean | undefined;
  passkey_enabled?: boolean | undefined;
  client_team_creation_enabled?: boolean | undefined;
  client_user_deletion_enabled?: boolean | undefined;
  allow_localhost?: boolean | undefined;
  allow_user_api_keys?: boolean | undefined;
  allow_team_api_keys?: boolean | undefined;
  create_team_on_sign_up?: boolean | undefined;
  oauth_account_merge_strategy?: ProjectConfig['oauth_account_merge_strategy'];
  domains?: { domain: string; handler_path: string }[] | undefined;
  oauth_providers?:
    | {
        id: string;
        type: 'shared' | 'standard';
        client_id?: string | undefined;
        client_secret?: string | undefined;
        microsoft_tenant_id?: string | undefined;
      }[]
    | undefined;
  email_config?: ProjectConfig['email_config'];
  email_theme?: string | undefined;
  team_creator_default_permissions?: { id: string }[] | undefined;
  team_member_default_permissions?: { id: string }[] | undefined;
  user_default_permissions?: { id: string }[] | undefined;
}

export interface ProjectUpdate {
  display_name?: string | undefined;
  description?: string | undefined;
  is_production_mode?: boolean | undefined;
  is_development_environment?: boolean | undefined;
  logo_url?: string | null | undefined;
  logo_full_url?: string | null | undefined;
  logo_dark_mode_url?: string | null | undefined;
  logo_full_dark_mode_url?: string | null | undefined;
  config?: ProjectConfigUpdate | undefined;
}

export interface ApiKeyCreation {
  description: string;
  expires_at_millis: number;
  has_publishable_client_key: boolean;
  has_secret_server_key: boolean;
  has_super_secret_admin_key: boolean;
}

const KEY_KINDS: ProjectKeyKind[] = [
  'publishable_client_key',
  'secret_server_key',
  'super_secret_admin_key',
];

/** Keys issued without an end (the operator's set) read as expiring at the end of year 9999. */
const NEVER_EXPIRES_MILLIS = Date.UTC(9999, 11, 31, 23, 59, 59);

const BUILT_IN_PROVIDERS = ['github', 'google', 'microsoft', 'apple'];

/**
 * The admin tier (stack-auth.md §3.17-3.19, spec §6): projects and their owners, the
 * project's API keys, its config, permission definitions and metrics.
 */
export class Admin {
  readonly #repository: AdminRepository;
  readonly #identityRepository: IdentityRepository;
  readonly #projects: Projects;
  readonly #accounts: Accounts;
  readonly #teams: Teams;
  readonly #publicUrl: string;

  constructor(options: {
    repository: AdminRepository;
    identityRepository: IdentityRepository;
    projects: Projects;
    accounts: Accounts;
    teams: Teams;
    publicUrl: string;
  }) {
    this.#repository = options.repository;
    this.#identityRepository = options.identityRepository;
    this.#projects = options.projects;
    this.#accounts = options.accounts;
    this.#teams = options.teams;
    this.#publicUrl = options.publicUrl;
  }

  /** Whether the internal project's user belongs to the team that owns the project. */
  async isOwner(project: ProjectRecord, internalUserId: string): Promise<boolean> {
    if (!project.ownerTeamId) return false;
    return this.#repository.isTeamMember(project.ownerTeamId, internalUserId);
  }

  // ---- projects ----

  presentProject(project: ProjectRecord) {
    const config = project.config;
    const providers = config.oauth_providers ?? [];
    return {
      id: project.id,
      display_name: project.displayName,
      description: project.description,
      ...project.logos,
      created_at_millis: project.createdAt.getTime(),
      is_production_mode: project.isProductionMode,
      is_development_environment: project.isDevelopmentEnvironment,
      owner_team_id: project.ownerTeamId,
      onboarding_status: 'completed',
      config: {
        allow_localhost: config.allow_localhost,
        sign_up_enabled: config.sign_up_enabled,
        credential_enabled: config.credential_enabled,
        magic_link_enabled: config.magic_link_enabled,
        passkey_enabled: config.passkey_enabled,
        client_team_creation_enabled: config.client_team_creation_enabled,
        client_user_deletion_enabled: config.client_user_deletion_enabled,
        allow_user_api_keys: config.allow_user_api_keys,
        allow_team_api_keys: config.allow_team_api_keys,
        oauth_providers: providers.map((p) => ({
          provider_config_id: p.id,
          id: p.id,
          type: p.type,
          ...(p.type === 'standard'
            ? {
                client_id: p.client_id,
                client_secret: p.client_secret,
                ...(p.microsoft_tenant_id ? { microsoft_tenant_id: p.microsoft_tenant_id } : {}),
              }
            : {}),
        })),
        enabled_oauth_providers: providers.map(({ id }) => ({ id })),
        domains: config.domains.map((d) => ({ domain: d.domain, handler_path: d.handler_path })),
        email_config: config.email_config ?? { type: 'shared' },
        email_theme: config.email_theme ?? 'default-light',
        create_team_on_sign_up: false,
        team_creator_default_permissions: grantsOf(config, 'creator'),
        team_member_default_permissions: grantsOf(config, 'member'),
        user_default_permissions: grantsOf(config, 'user'),
        oauth_account_merge_strategy: config.oauth_account_merge_strategy ?? 'link_method',
      },
    };
  }

  /** Projects owned by the teams the internal project's user belongs to. */
  async listOwnedProjects(internal: ProjectRecord, user: UserRecord): Promise<ProjectRecord[]> {
    const teamIds = await this.#repository.teamIdsOf(internal.id, user.id);
    return this.#identityRepository.listProjectsOwnedBy(teamIds);
  }

  /**
   * A new project owned by one of the user's teams in the internal project; without a team,
   * a new team of theirs named after the project.
   */
  async createProject(
    internal: ProjectRecord,
    user: UserRecord,
    input: ProjectUpdate & { display_name: string; owner_team_id?: string | undefined },
  ): Promise<ProjectRecord> {
    let ownerTeamId = input.owner_team_id;
    if (ownerTeamId) {
      await this.#teams.requireForMember(internal.id, ownerTeamId, user.id);
    } else {
      const team = await this.#teams.create(internal.id, {
        displayName: input.display_name,
        creator: user,
      });
      ownerTeamId = team.id;
    }
    const id = randomUUID();
    const base: ProjectConfig = { ...defaultConfig(this.#publicUrl), domains: [] };
    await this.#identityRepository.insertProject({
      id,
      displayName: input.display_name,
      description: input.description ?? '',
      config: input.config ? this.#configWith(base, input.config) : base,
      ownerTeamId,
      isDevelopmentEnvironment: input.is_development_environment ?? false,
    });
    const rest: ProjectUpdate = { ...input };
    delete rest.config;
    delete rest.display_name;
    return this.updateProject((await this.#projects.find(id))!, rest);
  }

  async updateProject(project: ProjectRecord, update: ProjectUpdate): Promise<ProjectRecord> {
    const changes: ProjectChanges = {
      displayName: update.display_name,
      description: update.description,
      isProductionMode: update.is_production_mode,
      isDevelopmentEnvironment: update.is_development_environment,
      ...pickLogos(update),
    };
    await this.#identityRepository.transaction(async (repository) => {
      const current = await repository.findProjectForUpdate(project.id);
      if (!current) throw knownErrors.currentProjectNotFound(project.id);
      const config = update.config ? this.#configWith(current.config, update.config) : null;
      if (update.is_production_mode === true) {
        const problems = productionModeProblems(project.id, config ?? current.config);
        if (problems.length > 0) throw new ProductionModeRefused(problems);
      }
      await repository.updateProject(project.id, changes);
      if (config) await repository.replaceProjectConfig(project.id, config);
    });
    return (await this.#projects.find(project.id))!;
  }

  async deleteProject(project: ProjectRecord): Promise<void> {
    if (project.isInternal) {
      throw new StatusError(400, 'The internal project cannot be deleted.');
    }
    if ((await this.#identityRepository.findFirstProjectId()) === project.id) {
      throw new StatusError(
        400,
        "ipick's own project cannot be deleted: its users are ipick's shoppers and staff.",
      );
    }
    await this.#identityRepository.deleteProject(project.id);
  }

  productionModeProblems(project: ProjectRecord) {
    return productionModeProblems(project.id, project.config);
  }

  #configWith(config: ProjectConfig, update: ProjectConfigUpdate): ProjectConfig {
    const result: ProjectConfig = { ...config };
    const flags = [
      'sign_up_enabled',
      'credential_enabled',
      'magic_link_enabled',
      'passkey_enabled',
      'client_team_creation_enabled',
      'client_user_deletion_enabled',
      'allow_localhost',
      'allow_user_api_keys',
      'allow_team_api_keys',
    ] as const;
    for (const flag of flags) {
      const value = update[flag];
      if (value !== undefined) result[flag] = value;
    }
    if (update.create_team_on_sign_up === true) {
      throw knownErrors.schemaError(
        'body.config.create_team_on_sign_up: ipick does not create a team for each new user',
      );
    }
    if (update.oauth_account_merge_strategy !== undefined) {
      result.oauth_account_merge_strategy = update.oauth_account_merge_strategy;
    }
    if (update.domains !== undefined) {
      const ids = new Map(config.domains.map((d) => [d.domain, d.id]));
      result.domains = update.domains.map((d) => {
        const id = ids.get(d.domain);
        return { ...(id ? { id } : {}), domain: d.domain, handler_path: d.handler_path };
      });
    }
    if (update.oauth_providers !== undefined) {
      const current = new Map((config.oauth_providers ?? []).map((p) => [p.id, p]));
      result.oauth_providers = update.oauth_providers.map((p, index) => {
        const existing = current.get(p.id);
        const kind = existing?.provider ?? (BUILT_IN_PROVIDERS.includes(p.id) ? p.id : null);
        if (!kind) {
          throw knownErrors.schemaError(
            `body.config.oauth_providers.${index}.id: must be github, google, microsoft or apple (other OpenID providers are added with a config override that names their issuerUrl)`,
          );
        }
        if (p.type === 'standard' && (!p.client_id || !p.client_secret)) {
          throw knownErrors.schemaError(
            `body.config.oauth_providers.${index}: a standard provider needs client_id and client_secret`,
          );
        }
        const provider: OAuthProviderConfig = {
          id: p.id,
          provider: kind as OAuthProviderConfig['provider'],
          type: p.type,
          ...(p.type === 'standard'
            ? { client_id: p.client_id, client_secret: p.client_secret }
            : {}),
          ...(existing?.issuer_url ? { issuer_url: existing.issuer_url } : {}),
          ...(p.microsoft_tenant_id ? { microsoft_tenant_id: p.microsoft_tenant_id } : {}),
        };
        return provider;
      });
    }
    if (update.email_config !== undefined) result.email_config = update.email_config;
    if (update.email_theme !== undefined) result.email_theme = update.email_theme;
    const grants = [
      ['team_creator_default_permissions', 'team'],
      ['team_member_default_permissions', 'team'],
      ['user_default_permissions', 'project'],
    ] as const;
    for (const [key, scope] of grants) {
      const value = update[key];
      if (value === undefined) continue;
      const definitions = definitionsOf(result, scope);
      for (const { id } of value) {
        if (!definitions.has(id)) {
          throw knownErrors.schemaError(
            `body.config.${key}: there is no ${scope} permission "${id}"`,
          );
        }
      }
      result[key] = value.map(({ id }) => ({ id }));
    }
    return result;
  }

  /**
   * Changes the project's config from its current state, with the project locked meanwhile, so
   * that two admins' changes at once both count.
   */
  async #changeConfig(
    projectId: string,
    change: (config: ProjectConfig) => ProjectConfig,
  ): Promise<ProjectConfig> {
    return this.#identityRepository.transaction(async (repository) => {
      const project = await repository.findProjectForUpdate(projectId);
      if (!project) throw knownErrors.currentProjectNotFound(projectId);
      const config = change(project.config);
      await repository.replaceProjectConfig(projectId, config);
      return config;
    });
  }

  // ---- config ----

  renderConfig(project: ProjectRecord) {
    return renderConfig(project.config);
  }

  async overrideConfig(project: ProjectRecord, overrideString: string): Promise<void> {
    await this.#changeConfig(project.id, (config) => applyConfigOverride(config, overrideString));
  }

  // ---- API keys ----

  async createApiKey(project: ProjectRecord, input: ApiKeyCreation) {
    const wanted = {
      publishable_client_key: input.has_publishable_client_key,
      secret_server_key: input.has_secret_server_key,
      super_secret_admin_key: input.has_super_secret_admin_key,
    };
    if (!Object.values(wanted).some(Boolean)) {
      throw knownErrors.schemaError(
        'body: at least one of has_publishable_client_key, has_secret_server_key and has_super_secret_admin_key must be true',
      );
    }
    const values = Object.fromEntries(
      KEY_KINDS.map((kind) => [kind, wanted[kind] ? newProjectKey(kind) : null]),
    ) as Record<ProjectKeyKind, string | null>;
    const id = randomUUID();
    await this.#identityRepository.insertApiKey({
      id,
      project_id: project.id,
      description: input.description,
      expires_at: new Date(input.expires_at_millis),
      ...keyColumns('publishable_client_key', values.publishable_client_key, false),
      ...keyColumns('secret_server_key', values.secret_server_key, false),
      ...keyColumns('super_secret_admin_key', values.super_secret_admin_key, false),
    });
    const record = (await this.#identityRepository.findApiKey(project.id, id))!;
    return {
      ...presentKeyBase(record),
      ...Object.fromEntries(
        KEY_KINDS.filter((kind) => values[kind]).map((kind) => [kind, values[kind]]),
      ),
    };
  }

  async listApiKeys(project: ProjectRecord) {
    return (await this.#identityRepository.listApiKeys(project.id)).map(presentKey);
  }

  async getApiKey(project: ProjectRecord, id: string) {
    const key = await this.#identityRepository.findApiKey(project.id, id);
    if (!key) throw knownErrors.apiKeyNotFound();
    return presentKey(key);
  }

  /** Changes a key's description or revokes it; revoking twice keeps the first time. */
  async updateApiKey(
    project: ProjectRecord,
    id: string,
    changes: { description?: string | undefined; revoked?: true | undefined },
  ) {
    const key = await this.#identityRepository.findApiKey(project.id, id);
    if (!key) throw knownErrors.apiKeyNotFound();
    await this.#identityRepository.updateApiKey(project.id, id, {
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.revoked && !key.manually_revoked_at ? { manually_revoked_at: new Date() } : {}),
    });
    return this.getApiKey(project, id);
  }

  // ---- permission definitions ----

  listDefinitions(project: ProjectRecord, scope: PermissionScope) {
    return listDefinitions(project.config, scope);
  }

  async createDefinition(project: ProjectRecord, scope: PermissionScope, input: DefinitionInput) {
    const config = await this.#changeConfig(project.id, (current) =>
      createDefinition(current, scope, input),
    );
    return listDefinitions(config, scope).find((d) => d.id === input.id)!;
  }

  async updateDefinition(
    project: ProjectRecord,
    scope: PermissionScope,
    id: string,
    input: Partial<DefinitionInput>,
  ) {
    const config = await this.#changeConfig(project.id, (current) =>
      updateDefinition(current, scope, id, input),
    );
    const newId = input.id ?? id;
    if (newId !== id) await this.#repository.renameGrants(project.id, scope, id, newId);
    return listDefinitions(config, scope).find((d) => d.id === newId)!;
  }

  async deleteDefinition(project: ProjectRecord, scope: PermissionScope, id: string) {
    await this.#changeConfig(project.id, (current) => deleteDefinition(current, scope, id));
    await this.#repository.renameGrants(project.id, scope, id, null);
  }

  // ---- metrics ----

  /** What Stack Auth's dashboard shows (stack-auth.md §3.19), over the last 30 UTC days. */
  async metrics(project: ProjectRecord, includeAnonymous: boolean, now = new Date()) {
    const days = lastDays(now, 30);
    const since = new Date(`${days[0]}T00:00:00Z`);
    const [total, signUps, active, byCountry, recentSignUps, recentActive] = await Promise.all([
      this.#repository.countUsers(project.id, includeAnonymous),
      this.#repository.dailySignUps(project.id, since, includeAnonymous),
      this.#repository.dailyActiveUsers(project.id, since, includeAnonymous),
      this.#repository.usersByCountry(project.id, includeAnonymous),
      this.#recentUsers(project, 'signed_up_at', includeAnonymous),
      this.#recentUsers(project, 'last_active_at', includeAnonymous),
    ]);
    return {
      total_users: total,
      daily_users: days.map((date) => ({ date, activity: signUps.get(date) ?? 0 })),
      daily_active_users: days.map((date) => ({ date, activity: active.get(date) ?? 0 })),
      users_by_country: byCountry,
      recently_registered: recentSignUps,
      recently_active: recentActive,
    };
  }

  async #recentUsers(
    project: ProjectRecord,
    orderBy: 'signed_up_at' | 'last_active_at',
    includeAnonymous: boolean,
  ) {
    const page = await this.#accounts.list(project.id, {
      limit: 5,
      orderBy,
      desc: true,
      includeAnonymous,
      includeRestricted: true,
    });
    return page.users.map((user) => toServerUser(user));
  }
}

/** Switching production mode on while a §5 check fails; the routes list each problem. */
export class ProductionModeRefused extends Error {
  readonly problems: { message: string; relative_fix_url: string }[];

  constructor(problems: { message: string; relative_fix_url: string }[]) {
    super('The project is not ready for production mode');
    this.problems = problems;
  }
}

function grantsOf(config: ProjectConfig, role: 'creator' | 'member' | 'user') {
  const key =
    role === 'creator'
      ? 'team_creator_default_permissions'
      : role === 'member'
        ? 'team_member_default_permissions'
        : 'user_default_permissions';
  const fallback = role === 'creator' ? 'team_admin' : role === 'member' ? 'team_member' : null;
  return config[key] ?? (fallback ? [{ id: fallback }] : []);
}

function pickLogos(update: ProjectUpdate) {
  const keys = [
    'logo_url',
    'logo_full_url',
    'logo_dark_mode_url',
    'logo_full_dark_mode_url',
  ] as const;
  return Object.fromEntries(keys.filter((k) => update[k] !== undefined).map((k) => [k, update[k]]));
}

function presentKeyBase(key: ApiKeyRecord) {
  return {
    id: key.id,
    description: key.description,
    expires_at_millis: key.expires_at?.getTime() ?? NEVER_EXPIRES_MILLIS,
    ...(key.manually_revoked_at
      ? { manually_revoked_at_millis: key.manually_revoked_at.getTime() }
      : {}),
    created_at_millis: key.created_at.getTime(),
  };
}

/** A key as listed: each part by its last four characters only. */
function presentKey(key: ApiKeyRecord) {
  const parts: Record<string, { last_four: string }> = {};
  for (const kind of KEY_KINDS) {
    const lastFour = key[`${kind}_last_four`];
    if (lastFour) parts[kind] = { last_four: lastFour };
  }
  return { ...presentKeyBase(key), ...parts };
}

/** The `count` UTC days up to and including `now`'s, as YYYY-MM-DD. */
function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) =>
    new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
