import { zodResolver } from '@hookform/resolvers/zod';
import { addDomainRequestSchema, type MerchantDomain } from '@ipick/contracts';
import { CircleCheck, Globe } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useAddDomain, useDomains, useRemoveDomain, useVerifyDomain } from '../api/domains';
import { CodeBlock } from './code-block';
import { SectionLoad } from './section-card';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';

/** Adds a shop domain to the business's list; it still has to be verified. */
export function AddDomainForm({ onAdded }: { onAdded?: (domain: MerchantDomain) => void }) {
  const add = useAddDomain();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(addDomainRequestSchema),
    defaultValues: { domain: '' },
  });

  const canWrite = useMerchantAccess().may('write');
  const submit = handleSubmit(async ({ domain }) => {
    try {
      const added = await add.mutateAsync(domain);
      reset({ domain: '' });
      toast.success(`${added.domain.domain} added; now verify it`);
      onAdded?.(added.domain);
    } catch (error) {
      setError('root.server', { message: toErrorMessage(error, 'The domain could not be added.') });
    }
  });

  if (!canWrite) return null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (isSubmitting) {
          event.preventDefault();
          return;
        }
        void submit(event);
      }}
      className="flex flex-col gap-3"
      aria-label="Add a shop domain"
    >
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Shop domain"
          placeholder="shop.example.com"
          autoComplete="url"
          containerClassName="flex-1"
          error={errors.domain?.message}
          {...register('domain')}
        />
        {/* Not `disabled` while adding: a disabled button drops keyboard focus to the page. */}
        <Button
          type="submit"
          aria-disabled={isSubmitting || undefined}
          className="aria-disabled:opacity-50 sm:mt-7"
        >
          {isSubmitting ? 'Adding…' : 'Add domain'}
        </Button>
      </div>
    </form>
  );
}

/** How to prove a domain is the merchant's, and the button that asks ipick to check. */
export function DomainVerification({
  domain,
  onVerified,
}: {
  domain: MerchantDomain;
  /** Called once verified, before these instructions (and their button) leave the page. */
  onVerified?: () => void;
}) {
  const verify = useVerifyDomain();
  const canWrite = useMerchantAccess().may('write');
  const run = () => {
    // Pressed again while ipick is still checking: the first check answers.
    if (verify.isPending) return;
    verify.mutate(domain.id, {
      onSuccess: () => {
        toast.success(`${domain.domain} is verified`);
        onVerified?.();
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Prove that <span className="font-mono">{domain.domain}</span> is yours in one of two ways,
        then press “Verify domain”.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <h4 className="text-sm font-medium">Option 1: a meta tag on your home page</h4>
          <p className="text-sm text-muted-foreground">
            Put it inside <span className="font-mono">&lt;head&gt;</span> of{' '}
            <span className="font-mono">https://{domain.domain}/</span>.
          </p>
          <CodeBlock label="Meta tag" code={domain.verification.metaTag} wrap />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <h4 className="text-sm font-medium">Option 2: a file on your site</h4>
          <p className="text-sm text-muted-foreground">
            Serve a text file at{' '}
            <span className="font-mono break-all">{domain.verification.fileUrl}</span> holding only
            this token:
          </p>
          <CodeBlock label="Verification token" code={domain.verificationToken} wrap />
        </div>
      </div>
      {verify.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {toErrorMessage(verify.error, 'The domain could not be verified. Please try again.')}
        </p>
      ) : null}
      {canWrite ? (
        <div>
          {/* Not `disabled` while checking: a disabled button drops keyboard focus to the page. */}
          <Button
            onClick={run}
            aria-disabled={verify.isPending || undefined}
            className="aria-disabled:opacity-50"
          >
            {verify.isPending ? 'Checking your site…' : 'Verify domain'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function DomainStatus({ domain }: { domain: MerchantDomain }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {domain.isPrimary ? <Badge>Registered at sign-up</Badge> : null}
      {domain.verifiedAt ? (
        <Badge variant="success">
          <CircleCheck aria-hidden="true" />
          Verified
        </Badge>
      ) : (
        <Badge variant="warning">Not verified</Badge>
      )}
    </span>
  );
}

/** The shop's domains: their state, how to verify each, and removal of added ones. */
export function DomainList() {
  const domains = useDomains();
  const remove = useRemoveDomain();
  const canWrite = useMerchantAccess().may('write');
  // A removed domain's row takes its "Remove" button along: focus goes to the list instead.
  const listRef = useRef<HTMLUListElement>(null);
  if (!domains.data) return <SectionLoad query={domains} what="domains" />;
  const list = domains.data.domains;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<Globe />}
        title="No shop domains yet"
        description="Add the domain your shop runs on; only verified domains may send events to ipick."
      />
    );
  }

  const hasUnverified = list.some((domain) => !domain.verifiedAt);
  return (
    <div className="flex flex-col gap-3">
      {/* The registered domain may stay unverified beside a verified one; say that is fine. */}
      {list.length > 1 && hasUnverified ? (
        <p className="text-sm text-muted-foreground">
          Verifying any one domain of your shop is enough to start tracking; verify another only if
          your pages also run on it.
        </p>
      ) : null}
      <ul ref={listRef} tabIndex={-1} aria-label="Shop domains" className="flex flex-col gap-3">
        {list.map((domain) => (
          <li key={domain.id} className="flex flex-col gap-3 rounded-md border border-border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-sm break-all">{domain.domain}</span>
                <DomainStatus domain={domain} />
              </div>
              {domain.isPrimary || !canWrite ? null : (
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm" aria-label={`Remove ${domain.domain}`}>
                      Remove
                    </Button>
                  }
                  title={`Remove ${domain.domain}?`}
                  description="Events from this domain will be turned away until you add and verify it again."
                  confirmLabel="Remove domain"
                  pendingLabel="Removing…"
                  isDestructive
                  focusAfterConfirm={listRef}
                  onConfirm={async () => {
                    await remove.mutateAsync(domain.id);
                    toast.success(`${domain.domain} removed`);
                  }}
                />
              )}
            </div>
            {domain.verifiedAt ? null : (
              <DomainVerification domain={domain} onVerified={() => listRef.current?.focus()} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
