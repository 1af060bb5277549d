import type { PermissionDefinition, ProjectConfig } from './identity-repository.ts';

export type PermissionScope = 'team' | 'project';

/** The system permissions that guard team actions (stack-auth.md §3.14); they contain nothing. */
export const SYSTEM_TEAM_PERMISSIONS = [
  '$update_team',
  '$delete_team',
  '$read_members',
  '$remove_members',
  '$invite_members',
  '$manage_api_keys',
] as const;

/** Team definitions of a project whose config names none: an admin and a member role. */
const DEFAULT_TEAM_DEFINITIONS: PermissionDefinition[] = [
  {
    id: 'team_admin',
    description: 'Manage the team: its settings, members, invitations and API keys',
    contained_permission_ids: [...SYSTEM_TEAM_PERMISSIONS],
  },
  {
    id: 'team_member',
    description: 'See the team and its members, and invite others',
    contained_permission_ids: ['$read_members', '$invite_members'],
  },
];

/** A scope's definitions: the config's, or the defaults; team scope always has the system ones. */
export function definitionsOf(config: ProjectConfig, scope: PermissionScope) {
  const custom =
    scope === 'team'
      ? (config.team_permission_definitions ?? DEFAULT_TEAM_DEFINITIONS)
      : (config.project_permission_definitions ?? []);
  const definitions = new Map(custom.map((definition) => [definition.id, definition]));
  if (scope === 'team') {
    for (const id of SYSTEM_TEAM_PERMISSIONS) {
      definitions.set(id, { id, contained_permission_ids: [] });
    }
  }
  return definitions;
}

/** The permissions new holders get by default (spec §6). */
export function defaultGrants(
  config: ProjectConfig,
  role: 'creator' | 'member' | 'user',
): string[] {
  const grants =
    role === 'creator'
      ? (config.team_creator_default_permissions ?? [{ id: 'team_admin' }])
      : role === 'member'
        ? (config.team_member_default_permissions ?? [{ id: 'team_member' }])
        : (config.user_default_permissions ?? []);
  return grants.map((grant) => grant.id);
}

/**
 * `ids` with every permission they contain, at any depth (stack-auth.md §3.14 `recursive`).
 * A definition that contains itself through others is visited once.
 */
export function expandPermissions(
  ids: Iterable<string>,
  definitions: Map<string, PermissionDefinition>,
): Set<string> {
  const result = new Set<string>();
  const pending = [...ids];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (result.has(id)) continue;
    result.add(id);
    pending.push(...(definitions.get(id)?.contained_permission_ids ?? []));
  }
  return result;
}
