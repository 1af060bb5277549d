import type { TeamRoleValue } from './business-setup-repository.ts';

/** Owners and admins invite, revoke, remove members and manage keys; members only read. */
export function canManageTeam(role: TeamRoleValue | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Only an owner makes a colleague an admin or a member again. */
export function canChangeRoles(role: TeamRoleValue | undefined): boolean {
  return role === 'owner';
}
