import type { UserRecord } from './identity-repository.ts';

const millis = (date: Date) => date.getTime();

export type RestrictedReason = { type: 'anonymous' | 'restricted_by_administrator' };

/**
 * Why a user may do less than a full user (stack-auth.md §2.1): anonymous users are always
 * restricted; an admin can restrict anyone (ipick's admin area does when it disables a user).
 */
export function restrictedReason(
  user: Pick<UserRecord, 'isAnonymous' | 'restrictedByAdmin'>,
): RestrictedReason | null {
  if (user.isAnonymous) return { type: 'anonymous' };
  if (user.restrictedByAdmin) return { type: 'restricted_by_administrator' };
  return null;
}

/** The client read shape of `/users/me` (stack-auth.md §3.10): exactly these keys. */
export function toClientUser(user: UserRecord) {
  const reason = restrictedReason(user);
  return {
    id: user.id,
    primary_email: user.primaryEmail,
    primary_email_verified: user.primaryEmailVerified,
    display_name: user.displayName,
    client_metadata: user.clientMetadata ?? null,
    client_read_only_metadata: user.clientReadOnlyMetadata ?? null,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: millis(user.signedUpAt),
    has_password: user.passwordHash !== null,
    auth_with_email: user.primaryEmailAuthEnabled,
    oauth_providers: [] as { id: string; account_id: string; email: string | null }[],
    selected_team_id: user.selectedTeamId,
    selected_team: null,
    requires_totp_mfa: user.requiresTotpMfa,
    otp_auth_enabled: user.otpAuthEnabled,
    passkey_auth_enabled: user.passkeyAuthEnabled,
    is_anonymous: user.isAnonymous,
    is_restricted: reason !== null,
    restricted_reason: reason,
    restricted_by_admin: user.restrictedByAdmin,
    restricted_by_admin_reason: user.restrictedByAdminReason,
  };
}

/** The server read shape (stack-auth.md §3.10): every key always present. */
export function toServerUser(user: UserRecord) {
  return {
    ...toClientUser(user),
    primary_email_auth_enabled: user.primaryEmailAuthEnabled,
    server_metadata: user.serverMetadata ?? null,
    last_active_at_millis: millis(user.lastActiveAt),
    restricted_by_admin_private_details: user.restrictedByAdminPrivateDetails,
    country_code: user.countryCode,
    risk_scores: { sign_up: { ...user.riskScores } },
  };
}
