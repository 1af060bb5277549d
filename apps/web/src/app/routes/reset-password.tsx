import { useSearchParams } from 'react-router';
import { ResetPasswordView } from './shared/reset-password-view';

/** `/reset-password?code=…` from the reset email; without a code, asks for that email. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return (
    <ResetPasswordView
      // Keyed by code so a new link opened in the same tab starts with an empty form.
      key={searchParams.get('code') ?? ''}
      title="Reset password"
      code={searchParams.get('code') || null}
      signInHref="/login"
      requestNewHref="/reset-password"
    />
  );
}
