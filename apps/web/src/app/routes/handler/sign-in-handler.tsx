import { useSearchParams } from 'react-router';
import { SignInView } from '../shared/sign-in-view';
import {
  AFTER_SIGN_IN_PATH,
  handlerPath,
  handlerPathWithReturn,
  readReturnTo,
} from './handler-pages';

/** /handler/sign-in: then `after_auth_return_to`, or the after-sign-in page (home). */
export function SignInHandler() {
  const [searchParams] = useSearchParams();
  const returnTo = readReturnTo(searchParams);
  return (
    <SignInView
      returnTo={returnTo ?? AFTER_SIGN_IN_PATH}
      signUpHref={handlerPathWithReturn('sign-up', returnTo)}
      forgotPasswordHref={handlerPath('forgot-password')}
    />
  );
}
