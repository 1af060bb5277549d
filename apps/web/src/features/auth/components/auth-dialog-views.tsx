import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { ForgotPasswordForm } from './forgot-password-form';
import { MfaCodeForm } from './mfa-code-form';
import { OtherSignInMethods } from './other-sign-in-methods';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthView = 'sign-in' | 'sign-up' | 'forgot-password' | 'mfa';

const tabs: readonly TabItem<'sign-in' | 'sign-up'>[] = [
  { value: 'sign-in', label: 'Sign in' },
  { value: 'sign-up', label: 'Create account' },
];

const viewText: Record<AuthView, { title: string; description: string }> = {
  'sign-in': {
    title: 'Sign in',
    description: 'Sign in to keep your search history and favorites.',
  },
  'sign-up': {
    title: 'Create an account',
    description: 'An account keeps your search history and favorites. Comparing needs none.',
  },
  mfa: {
    title: 'Two-step verification',
    description: 'Enter the code from your authenticator app to finish signing in.',
  },
  'forgot-password': {
    title: 'Reset your password',
    description: "Enter your account's email and we'll send you a link to choose a new password.",
  },
};

/** Where an OAuth sign-in started in the modal comes back to: the page it was opened on. */
function currentPath(): string {
  return window.location.pathname + window.location.search;
}

interface AuthDialogViewsProps {
  /** Called once the user is signed in (or signed up): the dialog closes. */
  onSignedIn: () => void;
}

/**
 * What the sign-in modal shows: sign in, create an account, or reset a password. Its own chunk
 * (with the forms and their validation), loaded when the modal first opens. Mounted afresh on
 * every opening, so each starts on sign-in with empty forms.
 */
export default function AuthDialogViews({ onSignedIn }: AuthDialogViewsProps) {
  const [view, setView] = useState<AuthView>('sign-in');
  const [attemptCode, setAttemptCode] = useState<string | null>(null);
  const idPrefix = useId();
  const askForCode = (code: string) => {
    setAttemptCode(code);
    setView('mfa');
  };
  const text = viewText[view];

  return (
    <>
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      {view === 'mfa' ? (
        <div className="flex flex-col gap-4">
          {attemptCode && <MfaCodeForm attemptCode={attemptCode} onSignedIn={onSignedIn} />}
          <Button variant="link" className="self-start px-0" onClick={() => setView('sign-in')}>
            Back to sign in
          </Button>
        </div>
      ) : view === 'forgot-password' ? (
        <div className="flex flex-col gap-4">
          <ForgotPasswordForm />
          <Button variant="link" className="self-start px-0" onClick={() => setView('sign-in')}>
            Back to sign in
          </Button>
        </div>
      ) : (
        <>
          <TabList
            label="Account"
            items={tabs}
            value={view}
            onValueChange={setView}
            idPrefix={idPrefix}
          />
          <TabPanel idPrefix={idPrefix} value={view}>
            {view === 'sign-in' ? (
              <div className="flex flex-col gap-3">
                <OtherSignInMethods
                  returnTo={currentPath()}
                  oauthCallbackPath="/handler/oauth-callback"
                  mfaPath="/handler/mfa"
                  onMfaRequired={askForCode}
                  onSignedIn={onSignedIn}
                />
                <SignInForm onSuccess={onSignedIn} onMfaRequired={askForCode} />
                <Button
                  variant="link"
                  className="self-start px-0"
                  onClick={() => setView('forgot-password')}
                >
                  Forgot password?
                </Button>
              </div>
            ) : (
              <SignUpForm
                onSuccess={(user) => {
                  onSignedIn();
                  toast.success('Account created', {
                    description: user.email
                      ? `We've sent a verification link to ${user.email}.`
                      : "We've sent you a verification link.",
                  });
                }}
              />
            )}
          </TabPanel>
        </>
      )}
    </>
  );
}
