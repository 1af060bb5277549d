import type { Resolver } from 'react-hook-form';
import { EmailField, PasswordField } from '@/components/credential-fields';
import { FormShell } from '@/components/form-shell';
import { useServerForm } from '@/hooks/use-server-form';
import type { Outcome } from '@/lib/outcome';

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps<TResult extends object> {
  /** The contract's schema for the two fields, e.g. `zodResolver(loginRequestSchema)`. */
  resolver: Resolver<Credentials, unknown, Credentials>;
  /** Signing up rather than in: see `PasswordField`. */
  isNewPassword?: boolean;
  submitLabel?: string;
  pendingLabel?: string;
  /** Resolves to the message to show when the server refuses. */
  onSubmit: (credentials: Credentials) => Promise<Outcome<TResult>>;
  onSuccess?: (result: TResult) => void;
}

/**
 * An email and password form. Shoppers, merchants and admins each sign in with one, so it is
 * written once here; each feature supplies its own call and, for sign-up, its words.
 */
export function CredentialsForm<TResult extends object>({
  resolver,
  isNewPassword = false,
  submitLabel = 'Sign in',
  pendingLabel = 'Signing in…',
  onSubmit,
  onSuccess,
}: CredentialsFormProps<TResult>) {
  const { register, errors, ...form } = useServerForm(
    { resolver, defaultValues: { email: '', password: '' } },
    onSubmit,
    onSuccess,
  );

  return (
    <FormShell form={form} submitLabel={submitLabel} pendingLabel={pendingLabel}>
      <EmailField error={errors.email?.message} {...register('email')} />
      <PasswordField
        isNew={isNewPassword}
        error={errors.password?.message}
        {...register('password')}
      />
    </FormShell>
  );
}
