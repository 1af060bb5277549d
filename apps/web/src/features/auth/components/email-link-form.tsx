import { MailCheck } from 'lucide-react';
import type { Resolver } from 'react-hook-form';
import { EmailField } from '@/components/credential-fields';
import { FormShell } from '@/components/form-shell';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useServerForm } from '@/hooks/use-server-form';
import { captureOutcome } from '@/lib/outcome';

interface EmailRequest {
  email: string;
}

interface EmailLinkFormProps {
  /** The endpoint's contract schema, e.g. `zodResolver(magicLinkRequestSchema)`. */
  resolver: Resolver<EmailRequest, unknown, EmailRequest>;
  /** The mutation that asks the server to email the link. */
  request: { mutateAsync: (input: EmailRequest) => Promise<unknown>; isSuccess: boolean };
  /** Shown once sent; it must read the same whether or not the email has an account. */
  sentMessage: string;
  /** Shown when the call fails and the server gave no message of its own. */
  failureMessage: string;
  submitLabel: string;
}

/**
 * Asks for an email address and has a link sent to it (password reset, sign-in link), then
 * shows a neutral confirmation in place of the form (issue 3: never reveal accounts).
 */
export function EmailLinkForm({
  resolver,
  request,
  sentMessage,
  failureMessage,
  submitLabel,
}: EmailLinkFormProps) {
  const { register, errors, ...form } = useServerForm(
    { resolver, defaultValues: { email: '' } },
    (values) => captureOutcome(() => request.mutateAsync(values).then(() => ({})), failureMessage),
  );

  if (request.isSuccess) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden="true" />
        <AlertDescription>{sentMessage}</AlertDescription>
      </Alert>
    );
  }

  return (
    <FormShell form={form} submitLabel={submitLabel} pendingLabel="Sending…">
      <EmailField error={errors.email?.message} {...register('email')} />
    </FormShell>
  );
}
