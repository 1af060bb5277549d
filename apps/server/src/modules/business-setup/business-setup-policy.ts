import type { TeamRoleValue } from './business-setup-repository.ts';

/** Owners invite and revoke; members see the team but cannot change it. */
export function canManageTeam(role: TeamRoleValue | undefined): boolean {
  return role === 'owner';
}
