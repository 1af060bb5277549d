import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useSentEmails } from '../api/identity-admin';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The mail the identity project sent (`GET /internal/emails`): to, subject, when and status. */
export function SentEmailsSection() {
  const emails = useSentEmails();
  return (
    <section aria-labelledby="sent-emails-heading" className="flex flex-col gap-3">
      <h3 id="sent-emails-heading" className="font-semibold">
        Sent emails
      </h3>
      {emails.isPending ? (
        <div aria-label="Loading sent emails" className="flex flex-col gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : emails.isError ? (
        <p role="alert">{toErrorMessage(emails.error, 'We could not load the sent emails.')}</p>
      ) : emails.data.length === 0 ? (
        <EmptyState
          title="No emails sent yet"
          description="Verification, password reset, sign-in code and invitation mails appear here once they are sent."
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sent emails</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">To</th>
                <th className="py-1 pr-3 font-medium">Subject</th>
                <th className="py-1 pr-3 font-medium">When</th>
                <th className="py-1 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {emails.data.map((mail) => (
                <tr key={mail.id} className="border-t border-border">
                  <td className="py-1 pr-3">{mail.to.join(', ')}</td>
                  <td className="py-1 pr-3">{mail.subject}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">
                    <time dateTime={new Date(mail.sent_at_millis).toISOString()}>
                      {when.format(mail.sent_at_millis)}
                    </time>
                  </td>
                  <td className="py-1">
                    {mail.error ? (
                      <Badge variant="destructive" title={mail.error}>
                        Failed
                      </Badge>
                    ) : (
                      <Badge variant="success">Sent</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
