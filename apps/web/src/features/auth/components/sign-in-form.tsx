import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type SessionUser } from '@ipick/contracts';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '../hooks/use-auth';

interface SignInFormProps {
  onSuccess?: (user: SessionUser) => void;
}

/** Email and password sign-in for shoppers, used by the modal, /login and /handler/sign-in. */
export function SignInForm({ onSuccess }: SignInFormProps) {
  const { login } = useAuth();
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
    const result = await login(values);
    if (!result.success) {
      setError('root.server', { message: result.error });
      return;
    }
    onSuccess?.(result.user);
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
