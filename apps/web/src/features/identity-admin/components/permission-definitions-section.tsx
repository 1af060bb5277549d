import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useCreatePermissionDefinition,
  useDeletePermissionDefinition,
  usePermissionDefinitions,
  type PermissionScope,
} from '../api/identity-admin';

/** A scope's permission definitions: each with what it contains; custom ones can be added. */
export function PermissionDefinitionsSection({ scope }: { scope: PermissionScope }) {
  const definitions = usePermissionDefinitions(scope);
  const create = useCreatePermissionDefinition(scope);
  const remove = useDeletePermissionDefinition(scope);
  const [id, setId] = useState('');
  const [description, setDescription] = useState('');
  const [contained, setContained] = useState('');
  const [error, setError] = useState<string | undefined>();
  const title = scope === 'team' ? 'Team permissions' : 'Project permissions';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await create.mutateAsync({
        id: id.trim(),
        description: description.trim(),
        contained: contained
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      });
      setId('');
      setDescription('');
      setContained('');
    } catch (caught) {
      setError(toErrorMessage(caught, 'The permission could not be made. Please try again.'));
    }
  }

  return (
    <section aria-labelledby={`${scope}-definitions-heading`} className="flex flex-col gap-3">
      <h3 id={`${scope}-definitions-heading`} className="font-semibold">
        {title}
      </h3>
      {definitions.isError ? (
        <p role="alert">
          {toErrorMessage(definitions.error, 'We could not load the permissions.')}
        </p>
      ) : (
        <ul aria-label={title} className="flex flex-col gap-1 text-sm">
          {(definitions.data ?? []).map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-muted px-1 py-0.5">{d.id}</code>
              <span className="text-muted-foreground">{d.description}</span>
              {d.contained_permission_ids.length > 0 ? (
                <span className="text-muted-foreground">
                  contains {d.contained_permission_ids.join(', ')}
                </span>
              ) : null}
              {d.id.startsWith('$') ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${d.id}`}
                  onClick={() => void remove.mutateAsync(d.id)}
                >
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="grid gap-2 sm:grid-cols-3 sm:items-start"
      >
        <TextField
          label="Permission id"
          value={id}
          hint="Lower-case letters, digits, _ and :"
          onChange={(event) => setId(event.currentTarget.value)}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <TextField
          label="Contains (ids, comma-separated)"
          value={contained}
          onChange={(event) => setContained(event.currentTarget.value)}
        />
        <Button type="submit" className="w-fit" disabled={create.isPending || !id.trim()}>
          Add permission
        </Button>
      </form>
      <FormAlert message={error} />
    </section>
  );
}
