import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileRequestSchema, type SessionUser } from '@ipick/contracts';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useUpdateProfile } from '../api/update-profile';

/** Renames the signed-in shopper. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: { displayName: user.displayName ?? '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync(values);
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'Your display name could not be saved.'),
      });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Display name"
        autoComplete="nickname"
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save display name'}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {isSubmitSuccessful && updateProfile.isSuccess ? 'Display name saved.' : ''}
        </p>
      </div>
    </form>
  );
}
