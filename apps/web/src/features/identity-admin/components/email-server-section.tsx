import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useIdentityConfig,
  useOverrideConfig,
  type EmailServerConfig,
  type SmtpSettings,
} from '../api/identity-admin';
import { SendTestEmail } from './send-test-email';

/** The email server (config `emails.server`): ipick's shared sender or the project's SMTP. */
export function EmailServerSection() {
  const config = useIdentityConfig();
  return (
    <section
      aria-labelledby="email-server-heading"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <h3 id="email-server-heading" className="font-semibold">
        Email server
      </h3>
      {config.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the email server…</p>
      ) : config.isError ? (
        <p role="alert">{toErrorMessage(config.error, 'We could not load the email server.')}</p>
      ) : (
        <EmailServerForm server={config.data.emails.server} />
      )}
    </section>
  );
}

function EmailServerForm({ server }: { server: EmailServerConfig }) {
  const override = useOverrideConfig();
  const [shared, setShared] = useState(server.isShared);
  const [host, setHost] = useState(server.host ?? '');
  const [port, setPort] = useState(server.port ? String(server.port) : '587');
  const [username, setUsername] = useState(server.username ?? '');
  const [password, setPassword] = useState('');
  const [senderName, setSenderName] = useState(server.senderName ?? '');
  const [senderEmail, setSenderEmail] = useState(server.senderEmail ?? '');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const value: Record<string, unknown> = shared
      ? { isShared: true }
      : {
          isShared: false,
          provider: 'smtp',
          ...(host.trim() ? { host: host.trim() } : {}),
          ...(port.trim() ? { port: /^\d+$/.test(port.trim()) ? Number(port) : port } : {}),
          ...(username.trim() ? { username: username.trim() } : {}),
          ...(password ? { password } : {}),
          ...(senderName.trim() ? { senderName: senderName.trim() } : {}),
          ...(senderEmail.trim() ? { senderEmail: senderEmail.trim() } : {}),
        };
    try {
      await override.mutateAsync({ 'emails.server': value });
      setPassword('');
      toast.success('Email server saved');
    } catch (caught) {
      setError(toErrorMessage(caught, 'The email server could not be saved. Please try again.'));
    }
  }

  const testServer: SmtpSettings | null =
    !shared && host.trim() && Number(port) > 0 && senderEmail.trim()
      ? {
          host: host.trim(),
          port: Number(port),
          username: username.trim(),
          password: password || server.password || '',
          sender_name: senderName.trim(),
          sender_email: senderEmail.trim(),
        }
      : null;

  return (
    <div className="flex flex-col gap-3">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Email server"
        className="flex flex-col gap-3"
      >
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="sr-only">Which server sends the mail</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="email-server-kind"
              checked={shared}
              onChange={() => setShared(true)}
            />
            ipick's shared email server
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="email-server-kind"
              checked={!shared}
              onChange={() => setShared(false)}
            />
            Our own SMTP server
          </label>
        </fieldset>
        {shared ? null : (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="SMTP host"
              value={host}
              onChange={(event) => setHost(event.currentTarget.value)}
            />
            <TextField
              label="SMTP port"
              inputMode="numeric"
              value={port}
              onChange={(event) => setPort(event.currentTarget.value)}
            />
            <TextField
              label="SMTP username"
              autoComplete="off"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <TextField
              label="SMTP password"
              type="password"
              autoComplete="new-password"
              value={password}
              hint={server.password ? 'Left empty, the saved password is kept' : undefined}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <TextField
              label="Sender name"
              value={senderName}
              onChange={(event) => setSenderName(event.currentTarget.value)}
            />
            <TextField
              label="Sender email"
              type="email"
              value={senderEmail}
              onChange={(event) => setSenderEmail(event.currentTarget.value)}
            />
          </div>
        )}
        <Button type="submit" className="w-fit" disabled={override.isPending}>
          Save email server
        </Button>
        <FormAlert message={error} />
      </form>
      {shared ? null : <SendTestEmail server={testServer} />}
    </div>
  );
}
