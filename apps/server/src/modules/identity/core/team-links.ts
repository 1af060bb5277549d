/**
 * What the core needs to know about teams, which live in the teams capability (the core may not
 * import it): whether a user may select a team, the selected team's read shape, and who is in a
 * team. The identity wiring plugs the teams capability in; without it no team exists.
 */
export interface TeamLinks {
  /** Throws TEAM_NOT_FOUND or TEAM_MEMBERSHIP_NOT_FOUND unless the user belongs to the team. */
  requireSelectableTeam(projectId: string, teamId: string, userId: string): Promise<void>;
  /** The team's read shape for the given tier, or null if it is gone. */
  presentTeam(
    projectId: string,
    teamId: string,
    tier: 'client' | 'server',
  ): Promise<Record<string, unknown> | null>;
  /** The ids of a team's members; throws TEAM_NOT_FOUND for an unknown team. */
  memberIds(projectId: string, teamId: string): Promise<string[]>;
  /** The ids of the teams a user belongs to. */
  teamIdsOf(projectId: string, userId: string): Promise<string[]>;
}
