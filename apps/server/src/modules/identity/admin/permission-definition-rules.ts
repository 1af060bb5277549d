import type { PermissionDefinition, ProjectConfig } from '../core/identity-repository.ts';
import { KnownError, knownErrors } from '../core/known-errors.ts';
import {
  defaultGrants,
  definitionsOf,
  SYSTEM_TEAM_PERMISSIONS,
  type PermissionScope,
} from '../core/permission-definitions.ts';

/**
 * Changes to a project's permission definitions (stack-auth.md §3.14), made on its config, the
 * one place they live. Each function returns the changed config and leaves its input alone.
 */

export const permissionDefinitionErrors = {
  permissionIdAlreadyExists: (permissionId: string) =>
    new KnownError(
      'PERMISSION_ID_ALREADY_EXISTS',
      400,
      `Permission with ID "${permissionId}" already exists. Choose a different ID.`,
      { permission_id: permissionId },
    ),
  containedPermissionNotFound: (permissionId: string) =>
    new KnownError(
      'CONTAINED_PERMISSION_NOT_FOUND',
      400,
      `Contained permission with ID "${permissionId}" not found. Make sure you created it first.`,
      { permission_id: permissionId },
    ),
};

const definitionsKey = (scope: PermissionScope) =>
  scope === 'team' ? 'team_permission_definitions' : 'project_permission_definitions';

/** The scope's own definitions (not the system ones), as stored or defaulted. */
function customDefinitions(config: ProjectConfig, scope: PermissionScope): PermissionDefinition[] {
  return [...definitionsOf(config, scope).values()].filter((d) => !d.id.startsWith('$'));
}

export function listDefinitions(config: ProjectConfig, scope: PermissionScope) {
  return [...definitionsOf(config, scope).values()].map((d) => ({
    id: d.id,
    description: d.description ?? (d.id.startsWith('$') ? 'System permission' : ''),
    contained_permission_ids: d.contained_permission_ids,
  }));
}

/** Refuses a definition set whose containment loops (`a` contains `b` contains `a`). */
export function refuseCycles(definitions: PermissionDefinition[], scope: PermissionScope): void {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: string[]) => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(id)), id].join(' -> ');
      throw knownErrors.schemaError(
        `${scope} permission definitions: contained permissions may not form a cycle (${cycle})`,
      );
    }
    state.set(id, 'visiting');
    for (const child of byId.get(id)?.contained_permission_ids ?? []) visit(child, [...path, id]);
    state.set(id, 'done');
  };
  for (const d of definitions) visit(d.id, []);
}

function store(
  config: ProjectConfig,
  scope: PermissionScope,
  definitions: PermissionDefinition[],
): ProjectConfig {
  const known = new Set([
    ...definitions.map((d) => d.id),
    ...(scope === 'team' ? SYSTEM_TEAM_PERMISSIONS : []),
  ]);
  for (const d of definitions) {
    for (const child of d.contained_permission_ids) {
      if (!known.has(child)) throw permissionDefinitionErrors.containedPermissionNotFound(child);
    }
  }
  refuseCycles(definitions, scope);
  return { ...config, [definitionsKey(scope)]: definitions };
}

export interface DefinitionInput {
  id: string;
  description?: string | undefined;
  contained_permission_ids?: string[] | undefined;
}

export function createDefinition(
  config: ProjectConfig,
  scope: PermissionScope,
  input: DefinitionInput,
): ProjectConfig {
  if (
    definitionsOf(config, 'team').has(input.id) ||
    definitionsOf(config, 'project').has(input.id)
  ) {
    throw permissionDefinitionErrors.permissionIdAlreadyExists(input.id);
  }
  const definition: PermissionDefinition = {
    id: input.id,
    ...(input.description === undefined ? {} : { description: input.description }),
    contained_permission_ids: [...new Set(input.contained_permission_ids ?? [])],
  };
  return store(config, scope, [...customDefinitions(config, scope), definition]);
}

/** Changes a definition; a new id is carried into the definitions and defaults that name it. */
export function updateDefinition(
  config: ProjectConfig,
  scope: PermissionScope,
  id: string,
  input: Partial<DefinitionInput>,
): ProjectConfig {
  if (id.startsWith('$')) {
    throw knownErrors.schemaError(`${id} is a system permission and cannot be changed`);
  }
  const definitions = customDefinitions(config, scope);
  const current = definitions.find((d) => d.id === id);
  if (!current) throw knownErrors.permissionNotFound(id);
  const newId = input.id ?? id;
  if (
    newId !== id &&
    (definitionsOf(config, 'team').has(newId) || definitionsOf(config, 'project').has(newId))
  ) {
    throw permissionDefinitionErrors.permissionIdAlreadyExists(newId);
  }
  const rename = (other: string) => (other === id ? newId : other);
  const changed = definitions.map((d) =>
    d.id === id
      ? {
          id: newId,
          ...((input.description ?? d.description) === undefined
            ? {}
            : { description: input.description ?? d.description }),
          contained_permission_ids: [
            ...new Set(input.contained_permission_ids ?? d.contained_permission_ids),
          ].map(rename),
        }
      : { ...d, contained_permission_ids: d.contained_permission_ids.map(rename) },
  );
  return renameInDefaults(store(config, scope, changed), scope, id, newId);
}

/** Removes a definition and every mention of it in other definitions and the defaults. */
export function deleteDefinition(
  config: ProjectConfig,
  scope: PermissionScope,
  id: string,
): ProjectConfig {
  if (id.startsWith('$')) {
    throw knownErrors.schemaError(`${id} is a system permission and cannot be deleted`);
  }
  const definitions = customDefinitions(config, scope);
  if (!definitions.some((d) => d.id === id)) throw knownErrors.permissionNotFound(id);
  const remaining = definitions
    .filter((d) => d.id !== id)
    .map((d) => ({
      ...d,
      contained_permission_ids: d.contained_permission_ids.filter((c) => c !== id),
    }));
  return renameInDefaults(store(config, scope, remaining), scope, id, null);
}

const defaultKeys = {
  team: [
    ['team_creator_default_permissions', 'creator'],
    ['team_member_default_permissions', 'member'],
  ],
  project: [['user_default_permissions', 'user']],
} as const;

function renameInDefaults(
  config: ProjectConfig,
  scope: PermissionScope,
  id: string,
  newId: string | null,
): ProjectConfig {
  const result = { ...config };
  for (const [key, role] of defaultKeys[scope]) {
    const grants = defaultGrants(config, role);
    if (!grants.includes(id)) continue;
    result[key] = grants.flatMap((grant) =>
      grant !== id ? [{ id: grant }] : newId === null ? [] : [{ id: newId }],
    );
  }
  return result;
}
