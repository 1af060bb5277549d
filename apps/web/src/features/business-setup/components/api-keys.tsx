import type { ApiKey, ApiKeyKind } from '@ipick/contracts';
import { KeyRound } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { toErrorMessage } from '@/lib/error-message';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from '../api/api-keys';
import { useKeyManagers } from '../api/team';
import { CodeBlock } from './code-block';
import { SectionLoad } from './section-card';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';
import { MerchantActionNote } from '@/features/business-auth/components/merchant-action-note';

/** A key just made: the full value, shown once. */
export interface NewKey {
  kind: ApiKeyKind;
  secret: string;
}

const kindLabel: Record<ApiKeyKind, string> = {
  publishable: 'Publishable key',
  secret: 'Secret key',
};

/** Shows a new key once, with a copy button; secret keys cannot be shown again. */
export function NewKeyDialog({
  created,
  onClose,
  returnFocusTo,
}: {
  created: NewKey | null;
  onClose: () => void;
  /**
   * Where focus goes when the dialog closes: the button that made the key, or the key list
   * when that button is gone (a rotated key's row).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-lg"
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>
            {created?.kind === 'secret' ? 'Your new secret key' : 'Your new publishable key'}
          </DialogTitle>
          <DialogDescription>
            {created?.kind === 'secret'
              ? 'Copy it now and keep it on your server: ipick shows a secret key only once.'
              : 'It goes in the snippet on your shop pages; you can see it again here later.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <CodeBlock label="New key" code={created.secret} copyLabel="Copy key" wrap />
        ) : null}
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function KeyRow({
  apiKey,
  onCreated,
  listRef,
}: {
  apiKey: ApiKey;
  onCreated: (key: NewKey) => void;
  /** Where focus goes once a revoked key's row loses its buttons. */
  listRef: RefObject<HTMLUListElement | null>;
}) {
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const access = useMerchantAccess();
  const canManageKeys = useKeyManagers().data?.canManage === true;
  const name = `${kindLabel[apiKey.kind].toLowerCase()} ${apiKey.prefix}…${apiKey.lastFour}`;
  const isRevoked = apiKey.revokedAt !== null;

  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{kindLabel[apiKey.kind]}</span>
          <span className="font-mono text-sm break-all">
            {apiKey.key ?? `${apiKey.prefix}…${apiKey.lastFour}`}
          </span>
          {isRevoked ? (
            <Badge variant="destructive">Revoked</Badge>
          ) : (
            <Badge variant="success">Active</Badge>
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          Created <RelativeTime value={apiKey.createdAt} />
          {apiKey.lastUsedAt ? (
            <>
              {' · last used '}
              <RelativeTime value={apiKey.lastUsedAt} />
            </>
          ) : (
            ' · never used'
          )}
        </p>
      </div>
      {isRevoked || !access.may('write') || !canManageKeys ? null : (
        <div className="flex flex-wrap gap-2">
          {access.may('create-live-key') ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" aria-label={`Rotate ${name}`}>
                  Rotate
                </Button>
              }
              title="Rotate this key?"
              description="ipick makes a new key and revokes this one at once; calls still using it will be refused."
              confirmLabel="Rotate key"
              pendingLabel="Rotating…"
              isDestructive
              onConfirm={async () => {
                const result = await rotate.mutateAsync(apiKey.id);
                onCreated({ kind: result.apiKey.kind, secret: result.secret });
              }}
            />
          ) : null}
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Revoke ${name}`}>
                Revoke
              </Button>
            }
            title="Revoke this key?"
            description="Calls using it will be refused from now on. You cannot undo this."
            confirmLabel="Revoke key"
            pendingLabel="Revoking…"
            isDestructive
            focusAfterConfirm={listRef}
            onConfirm={async () => {
              await revoke.mutateAsync(apiKey.id);
              toast.success('Key revoked');
            }}
          />
        </div>
      )}
    </li>
  );
}

/** The business's keys: make publishable and secret keys, rotate and revoke them. */
export function ApiKeyManager() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<NewKey | null>(null);
  const maker = useRef<HTMLElement | null>(null);
  // A revoked or rotated key's row loses its buttons: focus goes to the list instead.
  const listRef = useRef<HTMLUListElement>(null);
  const access = useMerchantAccess();
  // Only an owner or admin makes, rotates and revokes keys; members see them (issue 22).
  const team = useKeyManagers();
  const canManageKeys = team.data?.canManage === true;

  const make = (kind: ApiKeyKind, button: HTMLElement) => {
    if (create.isPending) return;
    maker.current = button;
    create.mutate(kind, {
      onSuccess: (result) => setCreated({ kind: result.apiKey.kind, secret: result.secret }),
    });
  };
  // The rotated key is revoked, so its row's Rotate button is gone by the time the new key's
  // dialog closes.
  const onRotated = (key: NewKey) => {
    maker.current = listRef.current;
    setCreated(key);
  };

  return (
    <div className="flex flex-col gap-4">
      {/* Not `disabled` while a key is made: a disabled button drops keyboard focus to the page,
          and a refusal (too many keys) would leave the merchant nowhere. */}
      <MerchantActionNote action="create-live-key" />
      {team.data && !canManageKeys ? (
        <p className="text-sm text-muted-foreground">
          Only an owner or admin of the business can create, rotate or revoke keys.
        </p>
      ) : null}
      {access.may('create-live-key') && canManageKeys ? (
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={(event) => make('publishable', event.currentTarget)}
            aria-disabled={create.isPending || undefined}
            className="aria-disabled:opacity-50"
          >
            Create publishable key
          </Button>
          <Button
            variant="secondary"
            onClick={(event) => make('secret', event.currentTarget)}
            aria-disabled={create.isPending || undefined}
            className="aria-disabled:opacity-50"
          >
            Create secret key
          </Button>
        </div>
      ) : null}
      {create.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {toErrorMessage(create.error, 'The key could not be made. Please try again.')}
        </p>
      ) : null}
      {keys.data ? (
        keys.data.keys.length === 0 ? (
          <EmptyState
            icon={<KeyRound />}
            title="No API keys yet"
            description="A publishable key goes in the snippet on your pages; a secret key lets your server report conversions."
          />
        ) : (
          <ul ref={listRef} tabIndex={-1} aria-label="API keys" className="flex flex-col gap-2">
            {keys.data.keys.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} onCreated={onRotated} listRef={listRef} />
            ))}
          </ul>
        )
      ) : (
        <SectionLoad query={keys} what="API keys" />
      )}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} returnFocusTo={maker} />
    </div>
  );
}
