import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@ipick/contracts';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useRequestPasswordReset } from '../api/forgot-password';

/** The same words whether or not the email has an account (issue 3: never reveal accounts). */
export const RESET_EMAIL_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to reset the password.";

/** Asks for a password-reset email, then shows the neutral confirmation. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'The reset email could not be sent. Please try again.'),
      });
    }
  });

  if (requestReset.isSuccess) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden="true" />
        <AlertDescription>{RESET_EMAIL_SENT_MESSAGE}</AlertDescription>
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
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
