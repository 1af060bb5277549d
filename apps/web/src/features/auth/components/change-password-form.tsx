import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@ipick/contracts';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useChangePassword } from '../api/change-password';
import { changePasswordFormSchema } from '../utils/password-forms';

const emptyValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the password; the server signs out every other device at the same time. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyValues,
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset(emptyValues);
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'Your password could not be changed.'),
      });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing password…' : 'Change password'}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {changePassword.isSuccess
            ? 'Password changed. Your other devices have been signed out.'
            : ''}
        </p>
      </div>
    </form>
  );
}
