import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useAddEmail,
  useContactChannels,
  useMakePrimary,
  useRemoveEmail,
  useSendVerification,
  type ContactChannel,
} from '../api/contact-channels';

function AddEmailForm() {
  const add = useAddEmail();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = value.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setError('Enter a valid email address');
      return;
    }
    setError(null);
    add.mutate(email, {
      onSuccess: () => {
        setValue('');
        toast.success(`We sent a verification link to ${email}`);
      },
      onError: (failure) => setError(toErrorMessage(failure, 'The address could not be added.')),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add an email address"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="Another email address"
        type="email"
        autoComplete="email"
        containerClassName="flex-1"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error ?? undefined}
        hint="We email it a link to confirm it is yours."
      />
      <Button type="submit" disabled={add.isPending} className="sm:mt-7">
        {add.isPending ? 'Adding…' : 'Add email'}
      </Button>
    </form>
  );
}

function EmailRow({ channel }: { channel: ContactChannel }) {
  const verify = useSendVerification();
  const makePrimary = useMakePrimary();
  const remove = useRemoveEmail();
  const failed = (what: string) => (error: unknown) => toast.error(toErrorMessage(error, what));

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="text-sm break-all">{channel.value}</span>
        {channel.is_primary ? <Badge variant="success">Primary</Badge> : null}
        <Badge variant={channel.is_verified ? 'default' : 'destructive'}>
          {channel.is_verified ? 'Verified' : 'Not verified'}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        {channel.is_verified ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={verify.isPending}
            aria-label={`Send a verification link to ${channel.value}`}
            onClick={() =>
              verify.mutate(channel.id, {
                onSuccess: () => toast.success(`We sent a verification link to ${channel.value}`),
                onError: failed('The link could not be sent.'),
              })
            }
          >
            Send verification link
          </Button>
        )}
        {channel.is_verified && !channel.is_primary ? (
          <Button
            variant="outline"
            size="sm"
            disabled={makePrimary.isPending}
            aria-label={`Make ${channel.value} your primary email`}
            onClick={() =>
              makePrimary.mutate(channel.id, {
                onSuccess: () => toast.success(`${channel.value} is now your primary email`),
                onError: failed('The address could not be made primary.'),
              })
            }
          >
            Make primary
          </Button>
        ) : null}
        {channel.is_primary ? null : (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Remove ${channel.value}`}>
                Remove
              </Button>
            }
            title={`Remove ${channel.value}?`}
            description="ipick stops sending mail to it, and you can no longer sign in with it."
            confirmLabel="Remove email"
            pendingLabel="Removing…"
            isDestructive
            onConfirm={async () => {
              await remove.mutateAsync(channel.id);
              toast.success(`${channel.value} was removed`);
            }}
          />
        )}
      </div>
    </li>
  );
}

/** The user's email addresses: add one, verify it, make it primary, remove it. */
export function EmailAddresses() {
  const channels = useContactChannels();
  return (
    <div className="flex flex-col gap-4">
      {channels.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : channels.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toErrorMessage(channels.error, 'Your email addresses could not be loaded.')}
        </p>
      ) : (
        <ul aria-label="Email addresses" className="flex flex-col gap-2">
          {channels.data.map((channel) => (
            <EmailRow key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
      <AddEmailForm />
    </div>
  );
}
