import { z } from 'zod';
import type {
  EmailServerConfig,
  OAuthProviderConfig,
  PaymentsConfig,
  ProjectConfig,
  TrustedDomain,
} from '../core/identity-repository.ts';
import { knownErrors } from '../core/known-errors.ts';
import { hashToken } from '../core/secrets.ts';
import { defaultGrants, definitionsOf } from '../core/permission-definitions.ts';
import { refuseCycles, permissionDefinitionErrors } from './permission-definition-rules.ts';

/**
 * The project's configuration in Stack Auth's config form (stack-auth.md §3.18): rendered from,
 * and overridden into, the project's settings (`identity_projects.config`), which stay the one
 * place the rest of the identity service reads. Override keys are dotted paths, as the Stack
 * clients send them (`{"teams.allowClientTeamCreation": true}`); nested objects are accepted too.
 */

const SHARED_EMAIL: EmailServerConfig = { type: 'shared' };
const BUILT_IN_PROVIDERS = ['github', 'google', 'microsoft', 'apple'] as const;

/** A trusted domain's id in overrides: its own, or one derived from its URL. */
export function trustedDomainId(domain: TrustedDomain): string {
  return domain.id ?? `domain-${hashToken(domain.domain).slice(0, 12)}`;
}

const asRecord = (grants: string[]) => Object.fromEntries(grants.map((id) => [id, true]));

export function renderConfig(config: ProjectConfig) {
  const email = config.email_config ?? SHARED_EMAIL;
  const permissions: Record<string, unknown> = {};
  for (const scope of ['team', 'project'] as const) {
    for (const d of definitionsOf(config, scope).values()) {
      if (d.id.startsWith('$')) continue;
      permissions[d.id] = {
        description: d.description,
        scope,
        containedPermissionIds: asRecord(d.contained_permission_ids),
      };
    }
  }
  return {
    project: { requirePublishableClientKey: config.require_publishable_client_key !== false },
    auth: {
      allowSignUp: config.sign_up_enabled,
      password: { allowSignIn: config.credential_enabled },
      otp: { allowSignIn: config.magic_link_enabled },
      passkey: { allowSignIn: config.passkey_enabled },
      anonymous: { allowSignIn: config.anonymous_enabled !== false },
      oauth: {
        accountMergeStrategy: config.oauth_account_merge_strategy ?? 'link_method',
        providers: Object.fromEntries(
          (config.oauth_providers ?? []).map((p) => [
            p.id,
            {
              type: p.provider,
              isShared: p.type === 'shared',
              clientId: p.client_id,
              clientSecret: p.client_secret,
              issuerUrl: p.issuer_url,
              microsoftTenantId: p.microsoft_tenant_id,
              allowSignIn: true,
              allowConnectedAccounts: true,
            },
          ]),
        ),
      },
    },
    teams: { allowClientTeamCreation: config.client_team_creation_enabled },
    users: { allowClientUserDeletion: config.client_user_deletion_enabled },
    apiKeys: { enabled: { user: config.allow_user_api_keys, team: config.allow_team_api_keys } },
    domains: {
      allowLocalhost: config.allow_localhost,
      trustedDomains: Object.fromEntries(
        config.domains.map((d) => [
          trustedDomainId(d),
          { baseUrl: d.domain, handlerPath: d.handler_path },
        ]),
      ),
    },
    emails: {
      server:
        email.type === 'shared'
          ? { isShared: true }
          : {
              isShared: false,
              provider: 'smtp',
              host: email.host,
              port: email.port,
              username: email.username,
              password: email.password,
              senderName: email.sender_name,
              senderEmail: email.sender_email,
            },
    },
    payments: {
      blockNewPurchases: config.payments?.blockNewPurchases ?? false,
      items: config.payments?.items ?? {},
      products: config.payments?.products ?? {},
    },
    rbac: {
      permissions,
      defaultPermissions: {
        teamCreator: asRecord(defaultGrants(config, 'creator')),
        teamMember: asRecord(defaultGrants(config, 'member')),
        signUp: asRecord(defaultGrants(config, 'user')),
      },
    },
  };
}

// ---- overrides ----

const permissionId = z.string().regex(/^\$?[a-z0-9_:]+$/, 'must match ^$?[a-z0-9_:]+$');
const customPermissionId = z.string().regex(/^[a-z0-9_:]+$/, 'must match ^[a-z0-9_:]+$');
const httpUrl = z
  .string()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value.replace(/\*+/g, 'wildcard-placeholder'));
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL such as https://example.com');
const handlerPath = z.string().max(300).startsWith('/', 'must start with /');
const grantRecord = z.record(permissionId, z.literal(true).nullable());

const providerSchema = z.strictObject({
  type: z.enum([...BUILT_IN_PROVIDERS, 'oidc']).optional(),
  isShared: z.boolean().optional(),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  issuerUrl: z.url().optional(),
  microsoftTenantId: z.string().min(1).optional(),
  allowSignIn: z.boolean().optional(),
  allowConnectedAccounts: z.boolean().optional(),
});
const emailServerSchema = z.strictObject({
  isShared: z.boolean().optional(),
  provider: z.literal('smtp').optional(),
  host: z.string().min(1).optional(),
  port: z.number().int().min(1).max(65535).optional(),
  username: z.string().min(1).optional(),
  password: z.string().min(1).optional(),
  senderName: z.string().min(1).optional(),
  senderEmail: z.email().optional(),
});
const trustedDomainSchema = z.strictObject({
  baseUrl: httpUrl.optional(),
  handlerPath: handlerPath.optional(),
});
const permissionSchema = z.strictObject({
  description: z.string().optional(),
  scope: z.enum(['team', 'project']).optional(),
  containedPermissionIds: grantRecord.optional(),
});

const customerType = z.enum(['user', 'team', 'custom']);
const paymentsId = z.string().regex(/^[a-z0-9_-]+$/, 'ids must match ^[a-z0-9_-]+$');
const itemSchema = z.strictObject({
  displayName: z.string().max(200).optional(),
  customerType,
});
const productSchema = z.strictObject({
  displayName: z.string().max(200).optional(),
  customerType,
  serverOnly: z.boolean().optional(),
  prices: z.record(
    paymentsId,
    z.strictObject({
      USD: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in dollars such as "9.99"'),
      interval: z
        .tuple([z.number().int().min(1).max(365), z.enum(['day', 'week', 'month', 'year'])])
        .optional(),
    }),
  ),
  includedItems: z
    .record(paymentsId, z.strictObject({ quantity: z.number().int().min(0).max(1_000_000_000) }))
    .optional(),
});

/** Sets (or with null removes) an item or product of `payments`. */
function setPayments<K extends 'items' | 'products'>(
  config: ProjectConfig,
  key: K,
  id: string,
  value: NonNullable<PaymentsConfig[K]>[string] | null,
): ProjectConfig {
  paymentsIdOrThrow(key, id);
  const current = { ...(config.payments?.[key] ?? {}) } as Record<string, unknown>;
  if (value === null) delete current[id];
  else current[id] = value;
  return { ...config, payments: { ...config.payments, [key]: current } };
}

function paymentsIdOrThrow(key: string, id: string) {
  if (!paymentsId.safeParse(id).success) {
    throw knownErrors.schemaError(
      `config_override_string: payments.${key}.${id}: ids must match ^[a-z0-9_-]+$`,
    );
  }
}

type Apply = (config: ProjectConfig, value: never, names: string[]) => ProjectConfig;
interface Rule {
  /** The dotted path, `*` standing for one id. */
  path: string;
  schema: z.ZodType;
  apply: Apply;
}

const flag = (key: keyof ProjectConfig): Omit<Rule, 'path'> => ({
  schema: z.boolean(),
  apply: (config, value: boolean) => ({ ...config, [key]: value }),
});

/** An OAuth provider merged with `changes`; null removes it. */
function setProvider(
  config: ProjectConfig,
  id: string,
  changes: z.infer<typeof providerSchema> | null,
): ProjectConfig {
  const others = (config.oauth_providers ?? []).filter((p) => p.id !== id);
  if (changes === null) return { ...config, oauth_providers: others };
  const current = (config.oauth_providers ?? []).find((p) => p.id === id);
  const kind =
    changes.type ??
    current?.provider ??
    ((BUILT_IN_PROVIDERS as readonly string[]).includes(id)
      ? (id as OAuthProviderConfig['provider'])
      : 'oidc');
  const isShared = changes.isShared ?? (current ? current.type === 'shared' : false);
  const provider: OAuthProviderConfig = {
    id,
    provider: kind,
    type: isShared ? 'shared' : 'standard',
  };
  const clientId = changes.clientId ?? current?.client_id;
  const clientSecret = changes.clientSecret ?? current?.client_secret;
  const issuer = changes.issuerUrl ?? current?.issuer_url;
  const tenant = changes.microsoftTenantId ?? current?.microsoft_tenant_id;
  if (clientId) provider.client_id = clientId;
  if (clientSecret) provider.client_secret = clientSecret;
  if (issuer) provider.issuer_url = issuer;
  if (tenant) provider.microsoft_tenant_id = tenant;
  return { ...config, oauth_providers: [...others, provider] };
}

function setDomain(
  config: ProjectConfig,
  id: string,
  changes: z.infer<typeof trustedDomainSchema> | null,
): ProjectConfig {
  const index = config.domains.findIndex((d) => trustedDomainId(d) === id);
  const others = config.domains.filter((_, i) => i !== index);
  if (changes === null) return { ...config, domains: others };
  const current = index >= 0 ? config.domains[index] : undefined;
  const domain = changes.baseUrl ?? current?.domain;
  if (!domain) {
    throw knownErrors.schemaError(
      `config_override_string: domains.trustedDomains.${id}.baseUrl: is required for a new trusted domain`,
    );
  }
  const entry: TrustedDomain = {
    id,
    domain,
    handler_path: changes.handlerPath ?? current?.handler_path ?? '/handler',
  };
  const domains = [...config.domains];
  if (index >= 0) domains[index] = entry;
  else domains.push(entry);
  return { ...config, domains };
}

function setEmailServer(
  config: ProjectConfig,
  changes: z.infer<typeof emailServerSchema>,
): ProjectConfig {
  const current = config.email_config ?? SHARED_EMAIL;
  const base = current.type === 'standard' ? current : undefined;
  const isShared = changes.isShared ?? current.type === 'shared';
  if (isShared) return { ...config, email_config: SHARED_EMAIL };
  const merged = {
    host: changes.host ?? base?.host,
    port: changes.port ?? base?.port,
    username: changes.username ?? base?.username,
    password: changes.password ?? base?.password,
    sender_name: changes.senderName ?? base?.sender_name,
    sender_email: changes.senderEmail ?? base?.sender_email,
  };
  const names: Record<keyof typeof merged, string> = {
    host: 'host',
    port: 'port',
    username: 'username',
    password: 'password',
    sender_name: 'senderName',
    sender_email: 'senderEmail',
  };
  const missing = (Object.keys(merged) as (keyof typeof merged)[]).filter(
    (key) => merged[key] === undefined,
  );
  if (missing.length > 0) {
    throw knownErrors.schemaError(
      `config_override_string: emails.server: an SMTP server (isShared: false) needs ${missing
        .map((key) => names[key])
        .join(', ')}`,
    );
  }
  const server = merged as { [K in keyof typeof merged]-?: NonNullable<(typeof merged)[K]> };
  return { ...config, email_config: { type: 'standard', ...server } };
}

const defaultsKey = {
  teamCreator: ['team_creator_default_permissions', 'creator'],
  teamMember: ['team_member_default_permissions', 'member'],
  signUp: ['user_default_permissions', 'user'],
} as const;

function setDefaults(
  config: ProjectConfig,
  which: keyof typeof defaultsKey,
  grants: Record<string, true | null>,
  replace: boolean,
): ProjectConfig {
  const [key, role] = defaultsKey[which];
  const ids = new Set(replace ? [] : defaultGrants(config, role));
  for (const [id, on] of Object.entries(grants)) {
    if (on) ids.add(id);
    else ids.delete(id);
  }
  return { ...config, [key]: [...ids].map((id) => ({ id })) };
}

function setPermission(
  config: ProjectConfig,
  id: string,
  changes: z.infer<typeof permissionSchema> | null,
): ProjectConfig {
  const scopes = ['team', 'project'] as const;
  const currentScope = scopes.find((scope) => definitionsOf(config, scope).has(id));
  const key = (scope: 'team' | 'project') =>
    scope === 'team' ? 'team_permission_definitions' : 'project_permission_definitions';
  const custom = (scope: 'team' | 'project') =>
    [...definitionsOf(config, scope).values()].filter((d) => !d.id.startsWith('$'));
  let result = config;
  if (currentScope) {
    result = { ...result, [key(currentScope)]: custom(currentScope).filter((d) => d.id !== id) };
  }
  if (changes === null) return result;
  const scope = changes.scope ?? currentScope ?? 'team';
  const current = currentScope ? definitionsOf(config, currentScope).get(id) : undefined;
  const contained = changes.containedPermissionIds
    ? Object.entries(changes.containedPermissionIds)
        .filter(([, on]) => on)
        .map(([child]) => child)
    : (current?.contained_permission_ids ?? []);
  const description = changes.description ?? current?.description;
  const definition = {
    id,
    ...(description === undefined ? {} : { description }),
    contained_permission_ids: contained,
  };
  const list = [
    ...(scope === currentScope ? (result[key(scope)] ?? []) : custom(scope)),
    definition,
  ];
  return { ...result, [key(scope)]: list };
}

const rules: Rule[] = [
  {
    path: 'project.requirePublishableClientKey',
    ...flag('require_publishable_client_key'),
  },
  { path: 'auth.allowSignUp', ...flag('sign_up_enabled') },
  { path: 'auth.password.allowSignIn', ...flag('credential_enabled') },
  { path: 'auth.otp.allowSignIn', ...flag('magic_link_enabled') },
  { path: 'auth.passkey.allowSignIn', ...flag('passkey_enabled') },
  { path: 'auth.anonymous.allowSignIn', ...flag('anonymous_enabled') },
  {
    path: 'auth.oauth.accountMergeStrategy',
    schema: z.enum(['link_method', 'raise_error', 'allow_duplicates']),
    apply: (config, value: ProjectConfig['oauth_account_merge_strategy']) => ({
      ...config,
      oauth_account_merge_strategy: value,
    }),
  },
  {
    path: 'auth.oauth.providers.*',
    schema: providerSchema.nullable(),
    apply: (config, value: z.infer<typeof providerSchema> | null, [id]) =>
      setProvider(config, id!, value),
  },
  ...(Object.keys(providerSchema.shape) as (keyof typeof providerSchema.shape)[]).map(
    (field): Rule => ({
      path: `auth.oauth.providers.*.${field}`,
      schema: providerSchema.shape[field].unwrap(),
      apply: (config, value: never, [id]) => setProvider(config, id!, { [field]: value }),
    }),
  ),
  { path: 'teams.allowClientTeamCreation', ...flag('client_team_creation_enabled') },
  { path: 'users.allowClientUserDeletion', ...flag('client_user_deletion_enabled') },
  { path: 'apiKeys.enabled.user', ...flag('allow_user_api_keys') },
  { path: 'apiKeys.enabled.team', ...flag('allow_team_api_keys') },
  { path: 'domains.allowLocalhost', ...flag('allow_localhost') },
  {
    path: 'domains.trustedDomains.*',
    schema: trustedDomainSchema.nullable(),
    apply: (config, value: z.infer<typeof trustedDomainSchema> | null, [id]) =>
      setDomain(config, id!, value),
  },
  {
    path: 'domains.trustedDomains.*.baseUrl',
    schema: httpUrl,
    apply: (config, value: string, [id]) => setDomain(config, id!, { baseUrl: value }),
  },
  {
    path: 'domains.trustedDomains.*.handlerPath',
    schema: handlerPath,
    apply: (config, value: string, [id]) => setDomain(config, id!, { handlerPath: value }),
  },
  {
    path: 'emails.server',
    schema: emailServerSchema,
    apply: (config, value: z.infer<typeof emailServerSchema>) => setEmailServer(config, value),
  },
  ...(Object.keys(emailServerSchema.shape) as (keyof typeof emailServerSchema.shape)[]).map(
    (field): Rule => ({
      path: `emails.server.${field}`,
      schema: emailServerSchema.shape[field].unwrap(),
      apply: (config, value: never) => setEmailServer(config, { [field]: value }),
    }),
  ),
  ...(Object.keys(defaultsKey) as (keyof typeof defaultsKey)[]).flatMap((which): Rule[] => [
    {
      path: `rbac.defaultPermissions.${which}`,
      schema: grantRecord,
      apply: (config, value: Record<string, true | null>) =>
        setDefaults(config, which, value, true),
    },
    {
      path: `rbac.defaultPermissions.${which}.*`,
      schema: z.literal(true).nullable(),
      apply: (config, value: true | null, [id]) =>
        setDefaults(config, which, { [id!]: value }, false),
    },
  ]),
  {
    path: 'rbac.permissions.*',
    schema: permissionSchema.nullable(),
    apply: (config, value: z.infer<typeof permissionSchema> | null, [id]) =>
      setPermission(config, id!, value),
  },
  {
    path: 'payments.blockNewPurchases',
    schema: z.boolean(),
    apply: (config, value: boolean) => ({
      ...config,
      payments: { ...config.payments, blockNewPurchases: value },
    }),
  },
  {
    path: 'payments.items.*',
    schema: itemSchema.nullable(),
    apply: (config, value: z.infer<typeof itemSchema> | null, [id]) =>
      setPayments(config, 'items', id!, value),
  },
  // `offers` is the older name of `products` (spec §7 `offer_id`).
  ...['products', 'offers'].map((name): Rule => ({
    path: `payments.${name}.*`,
    schema: productSchema.nullable(),
    apply: (config, value: z.infer<typeof productSchema> | null, [id]) =>
      setPayments(config, 'products', id!, value),
  })),
];

/** The rule for a dotted path and the ids its `*`s stand for, if any. */
function matchRule(path: string[]): { rule: Rule; names: string[] } | null {
  for (const rule of rules) {
    const parts = rule.path.split('.');
    if (parts.length !== path.length) continue;
    const names: string[] = [];
    if (
      parts.every((part, i) => (part === '*' ? (names.push(path[i]!), true) : part === path[i]))
    ) {
      return { rule, names };
    }
  }
  return null;
}

/** Whether some rule's path starts with `path` (so an object there is read key by key). */
const isBranch = (path: string[]) =>
  rules.some((rule) => {
    const parts = rule.path.split('.');
    return parts.length > path.length && path.every((p, i) => parts[i] === '*' || parts[i] === p);
  });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Applies a config override (`config_override_string`): a JSON object of dotted paths to new
 * values. A bad key or value is refused with a SCHEMA_ERROR naming the key and why; nothing is
 * applied then.
 */
export function applyConfigOverride(config: ProjectConfig, overrideString: string): ProjectConfig {
  let override: unknown;
  try {
    override = JSON.parse(overrideString);
  } catch (error) {
    throw knownErrors.schemaError(
      `config_override_string: is not valid JSON (${(error as Error).message})`,
    );
  }
  if (!isPlainObject(override)) {
    throw knownErrors.schemaError('config_override_string: must be a JSON object');
  }
  const entries: [string[], unknown][] = [];
  const collect = (path: string[], value: unknown) => {
    if (matchRule(path)) entries.push([path, value]);
    else if (isPlainObject(value) && isBranch(path)) {
      for (const [key, child] of Object.entries(value))
        collect([...path, ...key.split('.')], child);
    } else {
      throw knownErrors.schemaError(
        `config_override_string: ${path.join('.')}: is not a config key ipick knows`,
      );
    }
  };
  for (const [key, value] of Object.entries(override)) collect(key.split('.'), value);

  let result = config;
  for (const [path, value] of entries) {
    const { rule, names } = matchRule(path)!;
    const parsed = rule.schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = [...path, ...issue.path.map(String)].join('.');
      throw knownErrors.schemaError(`config_override_string: ${where}: ${issue.message}`);
    }
    for (const name of names) {
      if (path[0] === 'rbac') permissionId.parse(name);
    }
    result = rule.apply(result, parsed.data as never, names);
  }
  checkPermissions(result);
  return result;
}

/** The definitions and defaults an override leaves must hold together. */
function checkPermissions(config: ProjectConfig): void {
  for (const scope of ['team', 'project'] as const) {
    const definitions = [...definitionsOf(config, scope).values()];
    for (const d of definitions) {
      if (!d.id.startsWith('$') && !customPermissionId.safeParse(d.id).success) {
        throw knownErrors.schemaError(
          `config_override_string: rbac.permissions.${d.id}: ids must match ^[a-z0-9_:]+$`,
        );
      }
      for (const child of d.contained_permission_ids) {
        if (!definitionsOf(config, scope).has(child)) {
          throw permissionDefinitionErrors.containedPermissionNotFound(child);
        }
      }
    }
    refuseCycles(definitions, scope);
  }
  for (const [which, [, role]] of Object.entries(defaultsKey)) {
    const scope = role === 'user' ? 'project' : 'team';
    for (const id of defaultGrants(config, role)) {
      if (!definitionsOf(config, scope).has(id)) {
        throw knownErrors.schemaError(
          `config_override_string: rbac.defaultPermissions.${which}.${id}: there is no ${scope} permission "${id}"`,
        );
      }
    }
  }
}
