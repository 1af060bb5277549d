import { AccountSettingsHandler } from './account-settings-handler';
import { EmailVerificationHandler } from './email-verification-handler';
import { ErrorHandler } from './error-handler';
import { ForgotPasswordHandler } from './forgot-password-handler';
import { CliAuthConfirmHandler } from './cli-auth-confirm-handler';
import { type HandlerName } from './handler-pages';
import { MagicLinkCallbackHandler } from './magic-link-callback-handler';
import { MfaHandler } from './mfa-handler';
import { OAuthCallbackHandler } from './oauth-callback-handler';
import { PasswordResetHandler } from './password-reset-handler';
import { SignInHandler } from './sign-in-handler';
import { SignOutHandler } from './sign-out-handler';
import { SignUpHandler } from './sign-up-handler';
import { TeamInvitationHandler } from './team-invitation-handler';

/** One hosted-auth handler page (spec §2); the route passes which one. */
export default function HandlerPage({ name }: { name: HandlerName }) {
  switch (name) {
    case 'sign-in':
      return <SignInHandler />;
    case 'sign-up':
      return <SignUpHandler />;
    case 'sign-out':
      return <SignOutHandler />;
    case 'forgot-password':
      return <ForgotPasswordHandler />;
    case 'password-reset':
      return <PasswordResetHandler />;
    case 'email-verification':
      return <EmailVerificationHandler />;
    case 'magic-link-callback':
      return <MagicLinkCallbackHandler />;
    case 'account-settings':
      return <AccountSettingsHandler />;
    case 'error':
      return <ErrorHandler />;
    case 'team-invitation':
      return <TeamInvitationHandler />;
    case 'oauth-callback':
      return <OAuthCallbackHandler />;
    case 'mfa':
      return <MfaHandler />;
    case 'cli-auth-confirm':
      return <CliAuthConfirmHandler />;
  }
}
