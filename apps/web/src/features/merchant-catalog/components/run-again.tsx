import type { FeedImport } from '@ipick/contracts';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';
import { toErrorMessage } from '@/lib/error-message';
import { useStartFeedImport } from '../api/start-feed-import';

/**
 * An import ipick stopped in the middle of (a crash, a restart): what happened, and a way to run
 * it again as it was. A feed from an address is fetched again at a press; an uploaded file is
 * gone from ipick, so the merchant uploads it again with the form above. Running a feed again is
 * safe: unchanged rows are left as they are.
 */
export function RunAgain({ feedImport }: { feedImport: FeedImport }) {
  const start = useStartFeedImport();
  const mayImport = useMerchantAccess().may('import-feed');
  const isAddress = /^https?:\/\//i.test(feedImport.source);
  const run = () => {
    if (start.isPending) return;
    start.mutate({
      source: { kind: 'url', url: feedImport.source },
      isFullFeed: feedImport.isFullFeed,
    });
  };
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm">
      <p>
        ipick stopped while this import was running. The rows counted below were read, and some may
        have been saved; run the import again to finish it.
      </p>
      {!mayImport ? null : isAddress ? (
        <>
          {/* Not `disabled` while starting: a disabled button drops keyboard focus to the page. */}
          <Button
            onClick={run}
            aria-disabled={start.isPending || undefined}
            className="aria-disabled:opacity-50"
          >
            <RotateCcw aria-hidden="true" />
            {start.isPending ? 'Starting…' : 'Run this import again'}
          </Button>
          {start.isSuccess ? <p role="status">The import runs again; it is listed above.</p> : null}
          {start.isError ? (
            <p className="font-medium text-destructive">
              {toErrorMessage(start.error, 'The import could not start. Please try again.')}
            </p>
          ) : null}
        </>
      ) : (
        <p>Upload {feedImport.source} again with the form above to run it again.</p>
      )}
    </div>
  );
}
