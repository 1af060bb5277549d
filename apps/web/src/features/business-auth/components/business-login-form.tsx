import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@ipick/contracts';
import { CredentialsForm } from '@/components/credentials-form';
import { ApiError } from '@/lib/api-client';
import { captureOutcome } from '@/lib/outcome';
import { useBusinessLogin } from '../api/business-login';

interface BusinessLoginFormProps {
  /**
   * A right password of an account with two-factor on starts no session: the page asks for the
   * authenticator code with this attempt code instead.
   */
  onMfaRequired?: (attemptCode: string) => void;
}

/** Merchant sign-in; the page moves on once the business session exists. */
export function BusinessLoginForm({ onMfaRequired }: BusinessLoginFormProps) {
  const { mutateAsync: login } = useBusinessLogin();
  const submit = (input: LoginRequest) =>
    captureOutcome(async () => {
      try {
        return { business: (await login(input)).business };
      } catch (error) {
        const attemptCode = mfaAttemptCodeOf(error);
        if (attemptCode && onMfaRequired) onMfaRequired(attemptCode);
        throw error;
      }
    }, 'Login failed');
  return <CredentialsForm resolver={zodResolver(loginRequestSchema)} onSubmit={submit} />;
}

function mfaAttemptCodeOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'mfa_required') return null;
  const code = error.details.attemptCode;
  return typeof code === 'string' ? code : null;
}
