import { zodResolver } from '@hookform/resolvers/zod';
import { updateRetailerRequestSchema, type AdminRetailer } from '@ipick/contracts';
import { Store } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useAdminRetailers } from '../api/get-retailers';
import { useUpdateRetailer } from '../api/update-retailer';
import { ListSkeleton } from './list-skeleton';

/** ipick's affiliate id at each named retailer, edited in place. */
export function RetailersPanel() {
  const query = useAdminRetailers();

  let body;
  if (query.isPending) body = <ListSkeleton label="Loading retailers…" rows={4} />;
  else if (query.isError) {
    body = (
      <ErrorState
        title="We could not load the retailers"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<Store />}
        title="No retailers yet"
        description="The named retailers are added when ipick starts. Restart the server to add them."
      />
    );
  } else {
    body = (
      <ul aria-label="Retailers" className="flex flex-col gap-3">
        {query.data.items.map((retailer) => (
          <RetailerRow key={retailer.key} retailer={retailer} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="retailers-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="retailers-heading" className="text-lg font-semibold">
          Retailer affiliate ids
        </h2>
        <p className="text-sm text-muted-foreground">
          Outbound links carry these ids from the next click on. Leave a field empty to use the
          placeholder.
        </p>
      </div>
      {body}
    </section>
  );
}

function RetailerRow({ retailer }: { retailer: AdminRetailer }) {
  const update = useUpdateRetailer();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(updateRetailerRequestSchema),
    defaultValues: { affiliateId: retailer.affiliateId ?? '' },
  });

  async function save(affiliateId: string | null) {
    try {
      const saved = await update.mutateAsync({ key: retailer.key, affiliateId });
      reset({ affiliateId: saved.affiliateId ?? '' });
      toast.success(`${saved.name} affiliate id saved`, {
        description: saved.isPlaceholder
          ? `Links use the placeholder ${saved.effectiveAffiliateId}.`
          : `Links now carry ${saved.affiliateParam}=${saved.effectiveAffiliateId}.`,
      });
    } catch (error) {
      setError('root.server', {
        message: toErrorMessage(error, 'The affiliate id could not be saved. Please try again.'),
      });
    }
  }

  const submit = handleSubmit((values) => save(values.affiliateId));

  return (
    <li
      aria-label={retailer.name}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{retailer.name}</p>
        <span className="text-sm text-muted-foreground">{retailer.host}</span>
        {retailer.isPlaceholder ? (
          <Badge variant="warning">Placeholder</Badge>
        ) : (
          <Badge variant="success">Set</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        Links carry{' '}
        <code className="rounded bg-muted px-1 py-0.5 text-xs">
          {retailer.affiliateParam}={retailer.effectiveAffiliateId}
        </code>
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          label={`Affiliate id at ${retailer.name}`}
          containerClassName="flex-1"
          placeholder={retailer.isPlaceholder ? retailer.effectiveAffiliateId : undefined}
          autoComplete="off"
          spellCheck={false}
          error={errors.affiliateId?.message}
          hint="Letters, digits, “-”, “_” and “.”; at most 100 characters."
          {...register('affiliateId')}
        />
        <div className="flex gap-2 sm:pt-7">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </Button>
          {retailer.isPlaceholder ? null : (
            <Button variant="outline" disabled={isSubmitting} onClick={() => void save(null)}>
              Use placeholder
            </Button>
          )}
        </div>
      </form>
      <FormAlert message={errors.root?.server?.message} />
    </li>
  );
}
