import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/error-message';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordFormSchema } from '../utils/password-forms';
import { NewPasswordFields } from './new-password-fields';

interface ResetPasswordFormProps {
  /** The code from the emailed link. */
  code: string;
  signInHref: string;
  /** Where to ask for a new reset email when this code is no longer valid. */
  requestNewHref: string;
}

/** Sets a new password with the code of a reset email. */
export function ResetPasswordForm({ code, signInHref, requestNewHref }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword.mutateAsync({ code, password });
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'The password could not be reset. Please try again.'),
      });
    }
  });

  if (resetPassword.isSuccess) {
    return (
      <Alert role="status">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>Your password has been changed.</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-3">
          <span>Sign in with your new password.</span>
          <Link to={signInHref} className={buttonVariants({ size: 'sm' })}>
            Sign in
          </Link>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {/* An expired or used code is the usual failure; a fresh email is the way out. */}
      <FormAlert message={errors.root?.server?.message}>
        {' '}
        <Link to={requestNewHref} className="font-medium underline underline-offset-4">
          Request a new reset email
        </Link>
      </FormAlert>
      <NewPasswordFields
        password={{ error: errors.password?.message, ...register('password') }}
        confirmation={{ error: errors.confirmPassword?.message, ...register('confirmPassword') }}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}
