import type { MemberProfileRecord, TeamRecord } from './teams-repository.ts';

/** The client team shape (stack-auth.md §3.11); metadata keys always present, null when empty. */
export function toClientTeam(team: TeamRecord) {
  return {
    id: team.id,
    display_name: team.displayName,
    profile_image_url: team.profileImageUrl,
    client_metadata: team.clientMetadata ?? null,
    client_read_only_metadata: team.clientReadOnlyMetadata ?? null,
  };
}

/** The server team shape: the client's plus creation time and server metadata. */
export function toServerTeam(team: TeamRecord) {
  return {
    ...toClientTeam(team),
    created_at_millis: team.createdAt.getTime(),
    server_metadata: team.serverMetadata ?? null,
  };
}

/** A team member's profile (stack-auth.md §3.12). */
export function toMemberProfile(profile: MemberProfileRecord) {
  return {
    team_id: profile.teamId,
    user_id: profile.userId,
    display_name: profile.displayName,
    profile_image_url: profile.profileImageUrl,
  };
}
