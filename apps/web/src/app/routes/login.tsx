import { useSearchParams } from 'react-router';
import { safeReturnTo, withReturnTo } from '@/lib/return-to';
import { SignInView } from './shared/sign-in-view';

/** `/login?returnTo=/path`: shopper sign-in, then back to `returnTo` (site paths only). */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  return (
    <SignInView
      returnTo={returnTo}
      signUpHref={
        returnTo === '/'
          ? '/handler/sign-up'
          : withReturnTo('/handler/sign-up', 'after_auth_return_to', returnTo)
      }
      forgotPasswordHref="/reset-password"
    />
  );
}
