import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useSendTestEmail, type SmtpSettings } from '../api/identity-admin';

/**
 * "Send test email" over an SMTP server (`POST /internal/send-test-email`): the answer says
 * whether the mail went, or the SMTP server's own error. Without a server of the project's
 * own (the shared one), it says how to set one up.
 */
export function SendTestEmail({ server }: { server: SmtpSettings | null }) {
  const send = useSendTestEmail();
  const [recipient, setRecipient] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!server) return;
    setResult(null);
    try {
      const answer = await send.mutateAsync({ recipient: recipient.trim(), server });
      setResult(
        answer.success
          ? { ok: true, message: `Test email sent to ${recipient.trim()}.` }
          : { ok: false, message: answer.error_message ?? 'The test email could not be sent.' },
      );
    } catch (caught) {
      setResult({
        ok: false,
        message: toErrorMessage(caught, 'The test email could not be sent. Please try again.'),
      });
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Send test email"
      className="flex flex-col gap-2"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label="Test email recipient"
          type="email"
          containerClassName="flex-1"
          value={recipient}
          disabled={!server}
          onChange={(event) => setRecipient(event.currentTarget.value)}
          hint={
            server
              ? `Sent through ${server.host}:${server.port}`
              : 'Set up an SMTP server under Email server to send a test email.'
          }
        />
        <Button
          type="submit"
          variant="outline"
          className="sm:mt-7"
          disabled={!server || !recipient.trim() || send.isPending}
        >
          {send.isPending ? 'Sending…' : 'Send test email'}
        </Button>
      </div>
      {result?.ok ? (
        <Alert role="status">
          <AlertDescription>{result.message}</AlertDescription>
        </Alert>
      ) : (
        <FormAlert message={result?.message} />
      )}
    </form>
  );
}
