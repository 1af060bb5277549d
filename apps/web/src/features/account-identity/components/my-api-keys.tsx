import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { CopyButton } from '@/features/business-setup/components/copy-button';
import { toErrorMessage } from '@/lib/error-message';
import {
  useCreateUserApiKey,
  useRenameUserApiKey,
  useRevokeUserApiKey,
  useUserApiKeys,
  useUserApiKeysEnabled,
  type UserApiKey,
} from '../api/user-api-keys';

function CreateKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateUserApiKey();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = description.trim();
    if (text === '') {
      setError('Say what the key is for');
      return;
    }
    setError(null);
    create.mutate(text, {
      onSuccess: (key) => {
        setDescription('');
        if (typeof key.value === 'string') onCreated(key.value);
      },
      onError: (failure) => setError(toErrorMessage(failure, 'The key could not be created.')),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Create an API key"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="What the key is for"
        containerClassName="flex-1"
        maxLength={1000}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" disabled={create.isPending} className="sm:mt-7">
        {create.isPending ? 'Creating…' : 'Create key'}
      </Button>
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: UserApiKey }) {
  const revoke = useRevokeUserApiKey();
  const rename = useRenameUserApiKey();
  const isRevoked = apiKey.manually_revoked_at_millis !== undefined;
  const lastFour =
    typeof apiKey.value === 'string' ? apiKey.value.slice(-4) : apiKey.value.last_four;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3">
      <div className="flex min-w-0 flex-col">
        <span className="text-sm font-medium break-all">{apiKey.description}</span>
        <span className="text-xs text-muted-foreground">
          …{lastFour} · created{' '}
          <RelativeTime value={new Date(apiKey.created_at_millis).toISOString()} />
        </span>
      </div>
      {isRevoked ? (
        <Badge variant="destructive">Revoked</Badge>
      ) : (
        <div className="flex gap-2">
          <ConfirmDialog
            trigger={
              <Button
                variant="outline"
                size="sm"
                aria-label={`Rename the key ${apiKey.description}`}
              >
                Rename
              </Button>
            }
            title="Rename this key"
            description="A name that says what uses the key."
            textField={{ label: 'New name', maxLength: 1000 }}
            confirmLabel="Save name"
            pendingLabel="Saving…"
            // An empty name is refused here; a failed call shows the server's own words.
            fallbackError="Give the key a name that says what uses it."
            onConfirm={async (name) => {
              if (name === '') throw new Error('empty name');
              await rename.mutateAsync({ id: apiKey.id, description: name });
              toast.success('Key renamed');
            }}
          />
          <ConfirmDialog
            trigger={
              <Button
                variant="outline"
                size="sm"
                aria-label={`Revoke the key ${apiKey.description}`}
              >
                Revoke
              </Button>
            }
            title="Revoke this key?"
            description="Anything still using it is refused from now on."
            confirmLabel="Revoke key"
            pendingLabel="Revoking…"
            isDestructive
            onConfirm={async () => {
              await revoke.mutateAsync(apiKey.id);
              toast.success('Key revoked');
            }}
          />
        </div>
      )}
    </li>
  );
}

/** The user's own API keys, where ipick lets users have them. */
export function MyApiKeys() {
  const enabled = useUserApiKeysEnabled();
  const keys = useUserApiKeys(enabled.data === true);
  const [secret, setSecret] = useState<string | null>(null);

  if (enabled.isPending) return <Skeleton className="h-10 w-full" />;
  if (enabled.data !== true) {
    return (
      <p className="text-sm text-muted-foreground">
        Personal API keys are not offered on ipick yet.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {secret ? (
        <Alert role="status">
          <AlertTitle>Copy your new key now</AlertTitle>
          <AlertDescription className="flex flex-col gap-2">
            <span className="font-mono text-sm break-all">{secret}</span>
            <span>
              <CopyButton text={secret} label="Copy key" />
            </span>
            <span>ipick keeps only a fingerprint of it and cannot show it again.</span>
          </AlertDescription>
        </Alert>
      ) : null}
      {keys.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toErrorMessage(keys.error, 'Your API keys could not be loaded.')}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no API keys.</p>
      ) : (
        <ul aria-label="Your API keys" className="flex flex-col gap-2">
          {keys.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      )}
      <CreateKeyForm onCreated={setSecret} />
    </div>
  );
}
