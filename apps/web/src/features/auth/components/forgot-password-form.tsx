import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@ipick/contracts';
import { useRequestPasswordReset } from '../api/forgot-password';
import { EmailLinkForm } from './email-link-form';

/** The same words whether or not the email has an account (issue 3: never reveal accounts). */
export const RESET_EMAIL_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to reset the password.";

/** Asks for a password-reset email, then shows the neutral confirmation. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  return (
    <EmailLinkForm
      resolver={zodResolver(forgotPasswordRequestSchema)}
      request={requestReset}
      sentMessage={RESET_EMAIL_SENT_MESSAGE}
      failureMessage="The reset email could not be sent. Please try again."
      submitLabel="Send reset link"
    />
  );
}
