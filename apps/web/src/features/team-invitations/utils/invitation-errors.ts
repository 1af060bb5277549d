import { ApiError } from '@/lib/api-client';
import { toErrorMessage } from '@/lib/error-message';

/** What a person is told when an invitation code cannot be used, by the identity error code. */
const CODE_MESSAGES: Record<string, string> = {
  VERIFICATION_CODE_NOT_FOUND:
    'This invitation link is not valid: it may have been withdrawn. Ask the team for a new one.',
  VERIFICATION_CODE_EXPIRED: 'This invitation has expired. Ask the team to send you a new one.',
  VERIFICATION_CODE_ALREADY_USED:
    'This invitation has already been used. If you joined, the team is in your account.',
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED:
    'This invitation link was tried too often and is locked. Ask the team for a new one.',
  TEAM_INVITATION_EMAIL_MISMATCH:
    'This invitation is for another email address. Sign in with the address it was sent to.',
};

export function invitationErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code in CODE_MESSAGES) return CODE_MESSAGES[error.code]!;
  return toErrorMessage(error, fallback);
}
