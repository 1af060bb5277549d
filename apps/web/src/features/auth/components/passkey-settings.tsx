import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/error-message';
import { registerPasskey } from '../api/identity-sign-in';

/** Account settings: adds a passkey (this device's or a security key) for signing in. */
export function PasskeySettings() {
  const add = useMutation({ mutationFn: registerPasskey });
  return (
    <div className="flex flex-col items-start gap-3">
      <Button variant="outline" disabled={add.isPending} onClick={() => add.mutate()}>
        <KeyRound aria-hidden="true" />
        Add a passkey
      </Button>
      {add.isSuccess && (
        <p role="status" className="text-sm">
          Passkey added. You can now sign in with it.
        </p>
      )}
      {add.isError && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {toErrorMessage(add.error, 'The passkey was not added. Please try again.')}
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
