import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/credential-fields';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/error-message';
import { useChangePassword } from '../api/change-password';
import { changePasswordFormSchema } from '../utils/password-forms';
import { NewPasswordFields } from './new-password-fields';

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
      <PasswordField
        label="Current password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        password={{ error: errors.newPassword?.message, ...register('newPassword') }}
        confirmation={{ error: errors.confirmPassword?.message, ...register('confirmPassword') }}
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
