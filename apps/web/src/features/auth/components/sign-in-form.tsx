import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest, type SessionUser } from '@ipick/contracts';
import { useNavigate } from 'react-router';
import { CredentialsForm } from '@/components/credentials-form';
import { ApiError } from '@/lib/api-client';
import { captureOutcome } from '@/lib/outcome';
import { useLogin } from '../api/login';
import { rememberMfaAttempt } from '../utils/mfa-attempt';

interface SignInFormProps {
  onSuccess?: (user: SessionUser) => void;
  /**
   * The two-factor step's page and where it leads afterwards: a right password of an account
   * with two-factor on goes there for the code instead of signing in.
   */
  mfa?: { path: string; returnTo: string };
  /** Instead of `mfa`'s page: the caller asks for the code itself (the modal does). */
  onMfaRequired?: (attemptCode: string) => void;
}

/** Email and password sign-in for shoppers, used by the modal, /login and /handler/sign-in. */
export function SignInForm({ onSuccess, mfa, onMfaRequired }: SignInFormProps) {
  const { mutateAsync: login } = useLogin();
  const navigate = useNavigate();
  const submit = (input: LoginRequest) =>
    captureOutcome(async () => {
      try {
        return { user: (await login(input)).user };
      } catch (error) {
        const attemptCode = mfaAttemptCodeOf(error);
        if (attemptCode && onMfaRequired) {
          onMfaRequired(attemptCode);
        } else if (attemptCode && mfa) {
          rememberMfaAttempt({ attemptCode, returnTo: mfa.returnTo });
          void navigate(mfa.path);
        }
        throw error;
      }
    }, 'Login failed');
  return (
    <CredentialsForm
      resolver={zodResolver(loginRequestSchema)}
      onSubmit={submit}
      onSuccess={({ user }) => onSuccess?.(user)}
    />
  );
}

function mfaAttemptCodeOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'mfa_required') return null;
  const code = error.details.attemptCode;
  return typeof code === 'string' ? code : null;
}
