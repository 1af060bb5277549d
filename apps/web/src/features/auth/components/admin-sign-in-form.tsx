import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@ipick/contracts';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useAdminLogin } from '../api/admin-login';

/**
 * Admin sign-in. The server refuses accounts without admin rights (403) and creates no session
 * for them; its message is shown as is.
 */
export function AdminSignInForm() {
  const adminLogin = useAdminLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await adminLogin.mutateAsync(values);
    } catch (error) {
      setError('root.server', { message: toErrorMessage(error, 'Login failed') });
    }
  });

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
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
