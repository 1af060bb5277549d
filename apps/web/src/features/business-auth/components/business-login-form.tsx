import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@ipick/contracts';
import { CredentialsForm } from '@/components/credentials-form';
import { useBusinessAuth } from '../hooks/use-business-auth';

/** Merchant sign-in; the page moves on once the business session exists. */
export function BusinessLoginForm() {
  const { login } = useBusinessAuth();
  return <CredentialsForm resolver={zodResolver(loginRequestSchema)} onSubmit={login} />;
}
