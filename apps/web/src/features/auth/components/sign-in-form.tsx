import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type SessionUser } from '@ipick/contracts';
import { CredentialsForm } from '@/components/credentials-form';
import { useAuth } from '../hooks/use-auth';

interface SignInFormProps {
  onSuccess?: (user: SessionUser) => void;
}

/** Email and password sign-in for shoppers, used by the modal, /login and /handler/sign-in. */
export function SignInForm({ onSuccess }: SignInFormProps) {
  const { login } = useAuth();
  return (
    <CredentialsForm
      resolver={zodResolver(loginRequestSchema)}
      onSubmit={login}
      onSuccess={({ user }) => onSuccess?.(user)}
    />
  );
}
