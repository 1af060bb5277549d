import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/error-message';
import {
  fetchSignInMethods,
  oauthCallbackUrl,
  signInWithPasskey,
  startOAuthSignIn,
  type Adopted,
  type SignInTarget,
} from '../api/identity-sign-in';
import { setSessionUser } from '../api/session-cache';
import { rememberMfaAttempt } from '../utils/mfa-attempt';

const providerNames: Record<string, string> = {
  github: 'GitHub',
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
};

/** A provider's name on its button: the known ones by name, others as configured. */
export function providerLabel(id: string): string {
  return providerNames[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

interface OtherSignInMethodsProps {
  returnTo: string;
  /** The oauth-callback and mfa handler pages' paths. */
  oauthCallbackPath: string;
  mfaPath: string;
  /** Instead of going to `mfaPath`: the caller asks for the code itself (the modal does). */
  onMfaRequired?: (attemptCode: string) => void;
  /**
   * After a passkey sign-in (an OAuth one leaves the page for the provider's). A shopper's
   * session is recorded here; a merchant's (target `business`) is the caller's to record.
   */
  onSignedIn?: (adopted: Adopted) => void;
  /** Whose session the sign-in starts: a shopper's, or a merchant's on /business-login. */
  target?: SignInTarget;
}

/** The sign-in pages' and modal's buttons for each configured OAuth provider and for a passkey. */
export function OtherSignInMethods({
  returnTo,
  oauthCallbackPath,
  mfaPath,
  onMfaRequired,
  onSignedIn,
  target = 'shopper',
}: OtherSignInMethodsProps) {
  const methods = useQuery({
    queryKey: ['identity', 'sign-in-methods'],
    queryFn: fetchSignInMethods,
    staleTime: 60_000,
  });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!methods.data) return null;
  const { oauthProviders, passkeys } = methods.data;
  if (oauthProviders.length === 0 && !passkeys) return null;

  async function run(key: string, work: () => Promise<void>) {
    setBusy(key);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(toErrorMessage(caught, 'That sign-in did not work. Please try again.'));
      setBusy(null);
    }
  }

  const signInWithProvider = (provider: string) =>
    run(provider, () =>
      startOAuthSignIn({
        provider,
        redirectUri: oauthCallbackUrl(oauthCallbackPath),
        returnTo,
        target,
      }),
    );

  const signInWithPasskeyClicked = () =>
    run('passkey', async () => {
      const outcome = await signInWithPasskey(target);
      if (outcome.kind === 'mfa' && onMfaRequired) {
        setBusy(null);
        onMfaRequired(outcome.attemptCode);
        return;
      }
      if (outcome.kind === 'mfa') {
        rememberMfaAttempt({ attemptCode: outcome.attemptCode, returnTo, target });
        void navigate(mfaPath);
        return;
      }
      if (outcome.adopted.target === 'shopper') setSessionUser(queryClient, outcome.adopted.user);
      setBusy(null);
      onSignedIn?.(outcome.adopted);
    });

  return (
    <div className="flex flex-col gap-2" aria-label="Other ways to sign in" role="group">
      {oauthProviders.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          disabled={busy !== null}
          onClick={() => void signInWithProvider(provider)}
        >
          <LogIn aria-hidden="true" />
          Continue with {providerLabel(provider)}
        </Button>
      ))}
      {passkeys && (
        <Button
          variant="outline"
          disabled={busy !== null}
          onClick={() => void signInWithPasskeyClicked()}
        >
          <KeyRound aria-hidden="true" />
          Sign in with a passkey
        </Button>
      )}
      {error && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
