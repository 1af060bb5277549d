/**
 * A sign-in waiting for its second factor: the attempt code the identity API gave and where to
 * go afterwards, kept in this tab (not the address, where it would reach history and logs).
 */
export interface MfaAttempt {
  attemptCode: string;
  returnTo: string;
  /** Whose session the sign-in starts: a shopper's unless it began on /business-login. */
  target?: 'shopper' | 'business';
}

const KEY = 'ipick-mfa-attempt';

export function rememberMfaAttempt(attempt: MfaAttempt): void {
  sessionStorage.setItem(KEY, JSON.stringify(attempt));
}

export function readMfaAttempt(): MfaAttempt | null {
  const stored = sessionStorage.getItem(KEY);
  if (!stored) return null;
  try {
    const attempt = JSON.parse(stored) as Partial<MfaAttempt>;
    return typeof attempt.attemptCode === 'string' && typeof attempt.returnTo === 'string'
      ? {
          attemptCode: attempt.attemptCode,
          returnTo: attempt.returnTo,
          target: attempt.target === 'business' ? 'business' : 'shopper',
        }
      : null;
  } catch {
    return null;
  }
}

export function forgetMfaAttempt(): void {
  sessionStorage.removeItem(KEY);
}
