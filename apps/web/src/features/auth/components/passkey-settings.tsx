import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { FormAlert } from '@/components/form-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/error-message';
import {
  listPasskeys,
  registerPasskey,
  removePasskey,
  type PasskeySummary,
} from '../api/identity-sign-in';

const passkeysQueryKey = ['auth', 'passkeys'] as const;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Account settings: the account's passkeys, each removable, and adding one (this device's or a
 * security key) for signing in.
 */
export function PasskeySettings() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: listPasskeys });
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  const add = useMutation({ mutationFn: registerPasskey, onSuccess: refresh });
  const remove = useMutation({ mutationFn: removePasskey, onSuccess: refresh });
  return (
    <div className="flex flex-col items-start gap-3">
      {passkeys.isError && (
        <FormAlert message={toErrorMessage(passkeys.error, 'Your passkeys could not be loaded.')} />
      )}
      {passkeys.data && passkeys.data.length === 0 && (
        <p className="text-sm text-muted-foreground">No passkeys yet.</p>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul
          aria-label="Your passkeys"
          className="flex w-full flex-col divide-y divide-border rounded-md border border-border"
        >
          {passkeys.data.map((passkey, index) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              name={`Passkey ${index + 1}`}
              isRemoving={remove.isPending && remove.variables === passkey.id}
              onRemove={() => remove.mutate(passkey.id)}
            />
          ))}
        </ul>
      )}
      {remove.isError && (
        <FormAlert message={toErrorMessage(remove.error, 'The passkey was not removed.')} />
      )}
      {remove.isSuccess && (
        <p role="status" className="text-sm">
          Passkey removed. It no longer signs in to this account.
        </p>
      )}
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

interface PasskeyRowProps {
  passkey: PasskeySummary;
  name: string;
  isRemoving: boolean;
  onRemove: () => void;
}

function PasskeyRow({ passkey, name, isRemoving, onRemove }: PasskeyRowProps) {
  const lastUsed = passkey.last_used_at_millis
    ? dateFormat.format(new Date(passkey.last_used_at_millis))
    : 'never';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="flex flex-col gap-0.5">
        <p className="font-medium">{name}</p>
        <p className="text-muted-foreground">
          Added {dateFormat.format(new Date(passkey.created_at_millis))} · last used {lastUsed}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={isRemoving}
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        {isRemoving ? 'Removing…' : 'Remove'}
      </Button>
    </li>
  );
}
