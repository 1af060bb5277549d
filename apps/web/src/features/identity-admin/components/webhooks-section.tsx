import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import {
  useAddWebhookEndpoint,
  useRemoveWebhookEndpoint,
  useWebhookEndpoints,
  useWebhookMessages,
} from '../api/identity-admin';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * Webhooks: the endpoints identity events are sent to (add, remove) and the delivery log,
 * one row per attempt, with the receiver's status code.
 */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const messages = useWebhookMessages();
  const add = useAddWebhookEndpoint();
  const remove = useRemoveWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await add.mutateAsync({ url: url.trim(), description: description.trim() });
      toast.success(`${url.trim()} receives webhooks`);
      setUrl('');
      setDescription('');
    } catch (caught) {
      setError(toErrorMessage(caught, 'The endpoint could not be added. Please try again.'));
    }
  }

  const urlOf = new Map((endpoints.data ?? []).map((e) => [e.id, e.url]));
  const attempts = (messages.data ?? []).flatMap((message) =>
    message.attempt_log.map((attempt) => ({ message, attempt })),
  );

  return (
    <section
      aria-labelledby="webhooks-heading"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <h3 id="webhooks-heading" className="font-semibold">
        Webhooks
      </h3>
      {endpoints.isPending ? (
        <p className="text-sm text-muted-foreground">Loading endpoints…</p>
      ) : endpoints.isError ? (
        <p role="alert">{toErrorMessage(endpoints.error, 'We could not load the endpoints.')}</p>
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No webhook endpoints yet.</p>
      ) : (
        <ul aria-label="Webhook endpoints" className="flex flex-col gap-2">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-center gap-2 text-sm">
              <code className="rounded bg-muted px-1 py-0.5">{endpoint.url}</code>
              {endpoint.description ? (
                <span className="text-muted-foreground">{endpoint.description}</span>
              ) : null}
              {endpoint.disabled ? <Badge variant="warning">Disabled</Badge> : null}
              <Button
                variant="outline"
                size="sm"
                aria-label={`Remove ${endpoint.url}`}
                disabled={remove.isPending}
                onClick={() => void remove.mutateAsync(endpoint.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <TextField
          label="Endpoint URL"
          containerClassName="flex-1"
          placeholder="https://example.com/webhooks"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <TextField
          label="Endpoint description"
          containerClassName="flex-1"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Button type="submit" className="sm:mt-7" disabled={!url.trim() || add.isPending}>
          Add endpoint
        </Button>
      </form>
      <FormAlert message={error} />

      <h4 className="text-sm font-medium">Delivery log</h4>
      {messages.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the delivery log…</p>
      ) : messages.isError ? (
        <p role="alert">{toErrorMessage(messages.error, 'We could not load the delivery log.')}</p>
      ) : attempts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deliveries yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Webhook delivery log</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-3 font-medium">Event</th>
                <th className="py-1 pr-3 font-medium">Endpoint</th>
                <th className="py-1 pr-3 font-medium">Attempt</th>
                <th className="py-1 pr-3 font-medium">Status code</th>
                <th className="py-1 font-medium">Time</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map(({ message, attempt }) => (
                <tr key={`${message.id}-${attempt.attempt}`} className="border-t border-border">
                  <td className="py-1 pr-3">{message.event_type}</td>
                  <td className="py-1 pr-3">{urlOf.get(message.endpoint_id) ?? 'removed'}</td>
                  <td className="py-1 pr-3">{attempt.attempt}</td>
                  <td className="py-1 pr-3" title={attempt.error ?? undefined}>
                    {attempt.response_status_code ?? attempt.error ?? attempt.status}
                  </td>
                  <td className="py-1 whitespace-nowrap">
                    {attempt.attempted_at_millis === null
                      ? '—'
                      : when.format(attempt.attempted_at_millis)}
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
