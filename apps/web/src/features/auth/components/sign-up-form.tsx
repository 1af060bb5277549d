import { zodResolver } from '@hookform/resolvers/zod';
import { registerRequestSchema, type SessionUser } from '@ipick/contracts';
import { CredentialsForm } from '@/components/credentials-form';
import { useAuth } from '../hooks/use-auth';

interface SignUpFormProps {
  onSuccess?: (user: SessionUser) => void;
}

/** Creates a shopper account; the server signs it in and emails a verification link. */
export function SignUpForm({ onSuccess }: SignUpFormProps) {
  const { register } = useAuth();
  return (
    <CredentialsForm
      resolver={zodResolver(registerRequestSchema)}
      isNewPassword
      submitLabel="Create account"
      pendingLabel="Creating account…"
      onSubmit={register}
      onSuccess={({ user }) => onSuccess?.(user)}
    />
  );
}
