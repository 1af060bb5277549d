import { useSearchParams } from 'react-router';
import { ResetPasswordView } from '../shared/reset-password-view';
import { handlerPath } from './handler-pages';

/** /handler/password-reset?code=…: the same as /reset-password, inside the handler pages. */
export function PasswordResetHandler() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') || null;
  return (
    <ResetPasswordView
      key={code ?? ''}
      title="Reset your password"
      code={code}
      signInHref={handlerPath('sign-in')}
      requestNewHref={handlerPath('forgot-password')}
    />
  );
}
