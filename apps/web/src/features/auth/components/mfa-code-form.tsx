import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  completeMfaSignIn,
  completeMfaSignInWithRecoveryCode,
  IdentitySignInError,
  type Adopted,
  type SignInTarget,
} from '../api/identity-sign-in';
import { setSessionUser } from '../api/session-cache';

/** The words spec §8 gives a wrong two-factor code at sign-in. */
export const INVALID_TOTP = 'Invalid TOTP code. Please try signing in again.';

interface MfaCodeFormProps {
  /** The attempt code the first step's MULTI_FACTOR_AUTHENTICATION_REQUIRED carried. */
  attemptCode: string;
  /**
   * Called with the session started. A shopper's is recorded here; a merchant's (target
   * `business`) is the caller's to record.
   */
  onSignedIn: (adopted: Adopted) => void;
  target?: SignInTarget;
}

/**
 * The second step of a sign-in of an account with two-factor on: the authenticator app's code
 * finishes it. Used by /handler/mfa and inside the sign-in modal.
 */
export function MfaCodeForm({ attemptCode, onSignedIn, target = 'shopper' }: MfaCodeFormProps) {
  const [totp, setTotp] = useState('');
  const [isRecovery, setRecovery] = useState(false);
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: (code: string) =>
      isRecovery
        ? completeMfaSignInWithRecoveryCode(attemptCode, code, target)
        : completeMfaSignIn(attemptCode, code, target),
    onSuccess: (adopted) => {
      if (adopted.target === 'shopper') setSessionUser(queryClient, adopted.user);
      onSignedIn(adopted);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(totp.trim());
  };
  const error = submit.error;
  const message =
    error instanceof IdentitySignInError && error.code === 'INVALID_TOTP_CODE'
      ? INVALID_TOTP
      : error instanceof IdentitySignInError && error.code === 'INVALID_RECOVERY_CODE'
        ? 'That recovery code is wrong or was already used.'
        : error
          ? toErrorMessage(error, 'That code did not work. Please try signing in again.')
          : null;

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit}>
      {isRecovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          required
          value={totp}
          onChange={(event) => setTotp(event.target.value)}
        />
      ) : (
        <TextField
          key="totp"
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={totp}
          onChange={(event) => setTotp(event.target.value)}
        />
      )}
      {message && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" disabled={submit.isPending || submit.isSuccess}>
        Verify and sign in
      </Button>
      <Button
        type="button"
        variant="link"
        className="self-start px-0"
        onClick={() => {
          setRecovery(!isRecovery);
          setTotp('');
          submit.reset();
        }}
      >
        {isRecovery ? 'Use my authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}
