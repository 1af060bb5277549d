/** The hosted-auth handler pages (spec §2), relative to the handler base. */
export const HANDLER_BASE = '/handler';

export type HandlerName =
  | 'sign-in'
  | 'sign-up'
  | 'sign-out'
  | 'email-verification'
  | 'password-reset'
  | 'forgot-password'
  | 'oauth-callback'
  | 'magic-link-callback'
  | 'account-settings'
  | 'error'
  | 'team-invitation'
  | 'mfa'
  | 'cli-auth-confirm';

export interface HandlerPageContent {
  title: string;
  description: string;
  /** What the visitor needs to know or do on this page, said plainly. */
  emptyTitle: string;
  emptyText: string;
  action: { to: string; label: string };
}

const toSignIn = { to: '/login', label: 'Go to sign in' } as const;
const toHome = { to: '/', label: 'Go to the home page' } as const;

export const handlerPages: Record<HandlerName, HandlerPageContent> = {
  'sign-in': {
    title: 'Sign in',
    description: 'Sign in to an account of the ipick identity service.',
    emptyTitle: 'Use the ipick sign-in page',
    emptyText: 'Shopper accounts sign in on the main sign-in page.',
    action: toSignIn,
  },
  'sign-up': {
    title: 'Create an account',
    description: 'Create an account with the ipick identity service.',
    emptyTitle: 'Comparing prices needs no account',
    emptyText: 'An account only keeps your search history and favorites.',
    action: toSignIn,
  },
  'sign-out': {
    title: 'Sign out',
    description: 'End your session on this device.',
    emptyTitle: 'Signing out ends this device’s session only',
    emptyText: 'Other devices stay signed in until you sign out there too.',
    action: toHome,
  },
  'email-verification': {
    title: 'Verify your email',
    description: 'Confirm the email address of your account with the code we sent you.',
    emptyTitle: 'Open the link from your verification email',
    emptyText: 'The link in the email carries the code this page needs.',
    action: toHome,
  },
  'password-reset': {
    title: 'Reset your password',
    description: 'Choose a new password with the code from your reset email.',
    emptyTitle: 'Open the link from your reset email',
    emptyText: 'The link in the email carries the code this page needs.',
    action: toSignIn,
  },
  'forgot-password': {
    title: 'Forgot your password?',
    description: 'Ask for an email with a link to choose a new password.',
    emptyTitle: 'Reset links are sent by email',
    emptyText: 'Reset emails go to the address of your account.',
    action: toSignIn,
  },
  'oauth-callback': {
    title: 'Finishing sign-in',
    description: 'Completes a sign-in that started at another provider.',
    emptyTitle: 'Sign-in providers send you here',
    emptyText:
      'This page is reached from a sign-in provider, which adds the code and state it needs.',
    action: toSignIn,
  },
  'magic-link-callback': {
    title: 'Checking your sign-in link',
    description: 'Signs you in with the one-time link from your email.',
    emptyTitle: 'Open the link from your sign-in email',
    emptyText: 'The link in the email carries the one-time code this page needs.',
    action: toSignIn,
  },
  'account-settings': {
    title: 'Account settings',
    description: 'Your profile, email addresses, password and sessions.',
    emptyTitle: 'Sign in to see your settings',
    emptyText: 'Account settings belong to a signed-in account.',
    action: toSignIn,
  },
  error: {
    title: 'Sign-in problem',
    description: 'Something stopped a sign-in from completing.',
    emptyTitle: 'Try signing in again',
    emptyText: 'Starting again from the sign-in page usually resolves it.',
    action: toSignIn,
  },
  'team-invitation': {
    title: 'Team invitation',
    description: 'Accept an invitation to join a team.',
    emptyTitle: 'Open the link from your invitation email',
    emptyText: 'The link in the email carries the invitation code this page needs.',
    action: toHome,
  },
  mfa: {
    title: 'Two-step verification',
    description: 'Enter the code from your authenticator app to finish signing in.',
    emptyTitle: 'This step follows a password sign-in',
    emptyText:
      'Accounts with two-step verification are sent here after their password is accepted.',
    action: toSignIn,
  },
  'cli-auth-confirm': {
    title: 'Confirm command-line sign-in',
    description: 'Approve a sign-in request from a command-line tool.',
    emptyTitle: 'Open the address your command-line tool printed',
    emptyText: 'That address carries the login code this page needs.',
    action: toHome,
  },
};
