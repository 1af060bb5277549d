import { zodResolver } from '@hookform/resolvers/zod';
import { magicLinkRequestSchema } from '@ipick/contracts';
import { useRequestMagicLink } from '../api/request-magic-link';
import { EmailLinkForm } from './email-link-form';

export const SIGN_IN_LINK_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to sign in.";

/** Emails a one-time sign-in link; the answer never says whether the email has an account. */
export function MagicLinkForm() {
  const requestLink = useRequestMagicLink();
  return (
    <EmailLinkForm
      resolver={zodResolver(magicLinkRequestSchema)}
      request={requestLink}
      sentMessage={SIGN_IN_LINK_SENT_MESSAGE}
      failureMessage="The sign-in link could not be sent. Please try again."
      submitLabel="Email me a sign-in link"
    />
  );
}
