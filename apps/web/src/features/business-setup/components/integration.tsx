import type { ApiKey, IntegrationStatus } from '@ipick/contracts';
import { CircleCheck, LoaderCircle, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { UrlText } from '@/components/ui/url-text';
import { toErrorMessage } from '@/lib/error-message';
import { useApiKeys, useCreateApiKey } from '../api/api-keys';
import { useIntegrationStatus, useSendTestEvent } from '../api/integration-status';
import { useKeyManagers } from '../api/team';
import {
  curlConversionExample,
  nodeConversionExample,
  SECRET_KEY_PLACEHOLDER,
} from '../utils/server-examples';
import { CodeBlock } from './code-block';
import { NewKeyDialog, type NewKey } from './api-keys';
import { SectionLoad } from './section-card';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';
import { MerchantActionNote } from '@/features/business-auth/components/merchant-action-note';

/** The first active publishable key (its full value), or null. */
export function activePublishableKey(keys: readonly ApiKey[] | undefined): string | null {
  return (
    keys?.find((key) => key.kind === 'publishable' && key.revokedAt === null && key.key !== null)
      ?.key ?? null
  );
}

/**
 * The shop's publishable key, and a button that makes one when there is none. The button goes
 * once the key is made, so `onCreated` moves keyboard focus on (to the filled-in snippet).
 */
export function usePublishableKey({ onCreated }: { onCreated?: () => void } = {}) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  return {
    keys,
    publishableKey: activePublishableKey(keys.data?.keys),
    create: () => {
      if (create.isPending) return;
      create.mutate('publishable', { onSuccess: () => onCreated?.() });
    },
    isCreating: create.isPending,
    createError: create.isError
      ? toErrorMessage(create.error, 'The key could not be made. Please try again.')
      : null,
  };
}

/** Shown in place of the snippet while the shop has no publishable key that is not revoked. */
export function CreatePublishableKey({
  onCreate,
  isCreating,
  error,
}: {
  onCreate: () => void;
  isCreating: boolean;
  error: string | null;
}) {
  const access = useMerchantAccess();
  const canManageKeys = useKeyManagers().data?.canManage === true;
  return (
    <Alert>
      <AlertTitle>Your shop has no publishable key in use</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>The snippet needs one to send events. Make one and it is filled in below.</p>
        {error ? (
          <p role="alert" className="font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <MerchantActionNote action="create-live-key" />
        {/* Not `disabled` while making it: a disabled button drops keyboard focus to the page. */}
        {access.may('create-live-key') && canManageKeys ? (
          <Button
            onClick={onCreate}
            aria-disabled={isCreating || undefined}
            className="aria-disabled:opacity-50"
          >
            {isCreating ? 'Creating…' : 'Create publishable key'}
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** Green once the shop's first real event arrived; asks again every few seconds until then. */
export function IntegrationStatusPanel() {
  const status = useIntegrationStatus({ poll: true });
  if (!status.data) return <SectionLoad query={status} what="integration status" />;
  return <StatusMessage status={status.data} />;
}

export function StatusMessage({ status }: { status: IntegrationStatus }) {
  const live = status.lastLiveEvent;
  if (status.steps.snippet && live) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-800"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 text-sm">
          <p className="font-semibold">Integration active</p>
          <p>
            Your shop’s first event arrived{' '}
            {status.firstLiveEventAt ? <RelativeTime value={status.firstLiveEventAt} /> : null}.
            Latest: <span className="font-mono">{live.eventType}</span>
            {live.url ? (
              <>
                {' '}
                on <UrlText url={live.url} className="font-medium" />
              </>
            ) : null}
            , <RelativeTime value={live.receivedAt} />.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-border bg-muted p-4"
    >
      <LoaderCircle
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0 animate-spin text-muted-foreground motion-reduce:animate-none"
      />
      <div className="text-sm">
        <p className="font-semibold">Waiting for your shop’s first event</p>
        <p className="text-muted-foreground">
          Install the snippet or call the server API; this turns green as soon as an event arrives.
          {status.lastTestEvent ? ' Test events do not count.' : ''}
        </p>
      </div>
    </div>
  );
}

/** Records a test event for the shop on the server and says when it was received. */
export function SendTestEventButton({ label }: { label?: string }) {
  const send = useSendTestEvent();
  const access = useMerchantAccess();
  const run = () => {
    if (send.isPending) return;
    send.mutate(label, { onSuccess: () => toast.success('Test event received by ipick') });
  };
  if (!access.may('write')) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      {/* Not `disabled` while sending: a disabled button drops keyboard focus to the page. */}
      <Button
        onClick={run}
        aria-disabled={send.isPending || undefined}
        className="aria-disabled:opacity-50"
      >
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending…' : 'Send test event'}
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {send.isSuccess ? (
          <>
            ipick received a test event (
            <span className="font-mono">{send.data.event.eventType}</span>){' '}
            <RelativeTime value={send.data.event.receivedAt} />.
          </>
        ) : null}
      </p>
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {toErrorMessage(send.error, 'The test event could not be sent. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * curl and Node examples for `POST /api/conversions`. A secret key made here fills them in;
 * otherwise a placeholder does, as ipick cannot show an older secret key again.
 */
export function ServerApiExamples({ origin = window.location.origin }: { origin?: string }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<NewKey | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const maker = useRef<HTMLButtonElement>(null);
  const access = useMerchantAccess();
  const canManageKeys = useKeyManagers().data?.canManage === true;
  const hasSecretKey = keys.data?.keys.some(
    (key) => key.kind === 'secret' && key.revokedAt === null,
  );
  const shown = secret ?? SECRET_KEY_PLACEHOLDER;

  const make = () => {
    if (create.isPending) return;
    create.mutate('secret', {
      onSuccess: (result) => {
        setSecret(result.secret);
        setCreated({ kind: 'secret', secret: result.secret });
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {secret
          ? 'The examples hold your new secret key. Copy it now: ipick will not show it again.'
          : hasSecretKey === false
            ? 'You need a secret key for server calls. Make one and the examples are filled in.'
            : // Has one, or the keys are still loading or could not be loaded: claim nothing.
              'Replace the placeholder with your secret key (ipick showed it once, when it was made), or make a new one.'}
      </p>
      <MerchantActionNote action="create-live-key" />
      {access.may('create-live-key') && canManageKeys ? (
        <div>
          {/* Not `disabled` while making it: a disabled button drops keyboard focus to the page. */}
          <Button
            ref={maker}
            variant="secondary"
            onClick={make}
            aria-disabled={create.isPending || undefined}
            className="aria-disabled:opacity-50"
          >
            {create.isPending ? 'Creating…' : 'Create secret key'}
          </Button>
        </div>
      ) : null}
      {create.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {toErrorMessage(create.error, 'The key could not be made. Please try again.')}
        </p>
      ) : null}
      <CodeBlock label="curl example" code={curlConversionExample(origin, shown)} />
      <p className="text-sm text-muted-foreground">
        So that ipick is credited, add <span className="font-mono">referralId</span>: the value of
        the <span className="font-mono">ipick_ref</span> cookie the snippet kept on your shop (leave
        it out when the shopper has none).
      </p>
      <CodeBlock
        label="Node fetch example"
        code={nodeConversionExample(origin, shown)}
        copyLabel="Copy Node fetch example"
      />
      <NewKeyDialog created={created} onClose={() => setCreated(null)} returnFocusTo={maker} />
    </div>
  );
}
