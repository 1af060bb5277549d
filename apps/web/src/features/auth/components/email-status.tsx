import type { SessionUser } from '@ipick/contracts';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/error-message';
import { useSendVerificationEmail } from '../api/send-verification-email';

/** The account's email with its verified state, and a way to get a new verification email. */
export function EmailStatus({ user }: { user: SessionUser }) {
  const sendEmail = useSendVerificationEmail();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{user.email ?? 'No email address'}</span>
        {user.emailVerified ? (
          <Badge variant="success">
            <BadgeCheck aria-hidden="true" />
            Verified
          </Badge>
        ) : (
          <Badge variant="warning">
            <CircleAlert aria-hidden="true" />
            Not verified
          </Badge>
        )}
      </div>
      {user.emailVerified ? null : (
        <>
          <FormAlert
            message={
              sendEmail.isError
                ? toErrorMessage(sendEmail.error, 'The email could not be sent. Please try again.')
                : undefined
            }
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              disabled={sendEmail.isPending}
              onClick={() => sendEmail.mutate()}
            >
              {sendEmail.isPending ? 'Sending…' : 'Resend verification email'}
            </Button>
            <p role="status" className="text-sm text-muted-foreground">
              {sendEmail.isSuccess
                ? `We've sent a verification link to ${user.email ?? 'you'}.`
                : ''}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
