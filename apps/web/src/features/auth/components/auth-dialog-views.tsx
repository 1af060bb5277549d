import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthView = 'sign-in' | 'sign-up' | 'forgot-password';

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
  'forgot-password': {
    title: 'Reset your password',
    description: "Enter your account's email and we'll send you a link to choose a new password.",
  },
};

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
  const idPrefix = useId();
  const text = viewText[view];

  return (
    <>
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      {view === 'forgot-password' ? (
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
                <SignInForm onSuccess={onSignedIn} />
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
