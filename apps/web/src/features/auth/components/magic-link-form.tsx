import { zodResolver } from '@hookform/resolvers/zod';
import { magicLinkRequestSchema } from '@ipick/contracts';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useRequestMagicLink } from '../api/request-magic-link';

export const SIGN_IN_LINK_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to sign in.";

/** Emails a one-time sign-in link; the answer never says whether the email has an account. */
export function MagicLinkForm() {
  const requestLink = useRequestMagicLink();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(magicLinkRequestSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await requestLink.mutateAsync(values);
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'The sign-in link could not be sent. Please try again.'),
      });
    }
  });

  if (requestLink.isSuccess) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden="true" />
        <AlertDescription>{SIGN_IN_LINK_SENT_MESSAGE}</AlertDescription>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
