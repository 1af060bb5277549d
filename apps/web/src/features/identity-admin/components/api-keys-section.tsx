import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useCreateIdentityApiKey,
  useIdentityApiKeys,
  useRevokeIdentityApiKey,
  type CreatedApiKey,
} from '../api/identity-admin';

const kinds = [
  { value: 'publishable', label: 'Publishable client key' },
  { value: 'secret', label: 'Secret server key' },
  { value: 'admin', label: 'Super secret admin key' },
] as const;

/** The project's API keys: each shown once when made, then by its last four characters. */
export function ApiKeysSection() {
  const keys = useIdentityApiKeys();
  const create = useCreateIdentityApiKey();
  const revoke = useRevokeIdentityApiKey();
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>(['secret']);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      setCreated(
        await create.mutateAsync({
          description: description.trim() || 'Admin area key',
          kinds: chosen as ('publishable' | 'secret' | 'admin')[],
        }),
      );
      setDescription('');
    } catch (caught) {
      setError(toErrorMessage(caught, 'The key could not be made. Please try again.'));
    }
  }

  return (
    <section aria-labelledby="api-keys-heading" className="flex flex-col gap-3">
      <h3 id="api-keys-heading" className="font-semibold">
        API keys
      </h3>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <TextField
          label="Key description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <ul className="flex flex-wrap gap-4">
          {kinds.map((kind) => (
            <li key={kind.value} className="flex items-center gap-2">
              <Checkbox
                id={`kind-${kind.value}`}
                checked={chosen.includes(kind.value)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.currentTarget.checked
                      ? [...current, kind.value]
                      : current.filter((c) => c !== kind.value),
                  )
                }
              />
              <Label htmlFor={`kind-${kind.value}`}>{kind.label}</Label>
            </li>
          ))}
        </ul>
        <Button type="submit" className="w-fit" disabled={create.isPending || chosen.length === 0}>
          Create key
        </Button>
      </form>
      <FormAlert message={error} />
      {created ? (
        <div
          role="status"
          className="flex flex-col gap-1 rounded-lg border border-border p-3 text-sm"
        >
          <p className="font-medium">Copy the new key now: it is not shown again.</p>
          {[
            created.publishable_client_key,
            created.secret_server_key,
            created.super_secret_admin_key,
          ]
            .filter((value): value is string => value !== undefined)
            .map((value) => (
              <code key={value} className="break-all rounded bg-muted px-1 py-0.5">
                {value}
              </code>
            ))}
        </div>
      ) : null}
      {keys.isError ? (
        <p role="alert">{toErrorMessage(keys.error, 'We could not load the API keys.')}</p>
      ) : (
        <ul aria-label="API keys" className="flex flex-col gap-2">
          {(keys.data ?? []).map((key) => {
            const revoked = key.manually_revoked_at_millis !== undefined;
            const parts = [
              key.publishable_client_key && `pck …${key.publishable_client_key.last_four}`,
              key.secret_server_key && `ssk …${key.secret_server_key.last_four}`,
              key.super_secret_admin_key && `sak …${key.super_secret_admin_key.last_four}`,
            ].filter(Boolean);
            return (
              <li
                key={key.id}
                aria-label={key.description}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-border p-3 text-sm"
              >
                <span className="font-medium">{key.description}</span>
                <span className="text-muted-foreground">{parts.join(', ')}</span>
                {revoked ? <Badge variant="destructive">Revoked</Badge> : null}
                {revoked ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() => void revoke.mutateAsync(key.id)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
