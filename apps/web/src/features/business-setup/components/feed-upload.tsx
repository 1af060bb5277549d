import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toErrorMessage } from '@/lib/error-message';
import { useFeedImport, useUploadFeed, type FeedImportView } from '../api/feed-imports';
import { integrationStatusQueryOptions } from '../api/integration-status';

/** The share of the import done, 0–100, or null when it cannot be told (no file size). */
export function importPercent(view: FeedImportView): number | null {
  if (view.status !== 'running') return 100;
  if (view.bytesTotal && view.bytesRead !== null) {
    const read = Math.min(1, view.bytesRead / view.bytesTotal);
    // Reading is the first 80%; writing the good rows the rest.
    return Math.round(view.phase === 'writing' ? 80 + 20 * read : 80 * read);
  }
  return null;
}

function ImportProgress({ view }: { view: FeedImportView }) {
  const percent = importPercent(view);
  const label =
    view.status === 'running'
      ? `${view.phase === 'writing' ? 'Saving products' : 'Reading the feed'}: ${view.itemsSeen} rows so far`
      : view.status === 'completed'
        ? 'Import finished'
        : 'Import failed';
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label="Feed import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? label : `${percent}% · ${label}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            percent === null
              ? 'h-full w-1/3 animate-pulse rounded-full bg-primary motion-reduce:animate-none'
              : 'h-full rounded-full bg-primary transition-[width]'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}

/** The row report of a finished import: what was added, changed and turned away, and why. */
export function ImportReport({ view }: { view: FeedImportView }) {
  if (view.status === 'failed') {
    return (
      <FormAlert
        message={`The import of ${view.source} failed: ${view.error ?? 'unknown error'}`}
      />
    );
  }
  const figures = [
    ['Rows read', view.itemsSeen],
    ['Added', view.created],
    ['Updated', view.updated],
    ['Unchanged', view.unchanged],
    ['Rejected', view.rejected],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Import report">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border border-border p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {view.rejections.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-sm font-medium">Rejected rows</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pr-3">
                  Row
                </th>
                <th scope="col" className="py-1 pr-3">
                  Product id
                </th>
                <th scope="col" className="py-1">
                  Why
                </th>
              </tr>
            </thead>
            <tbody>
              {view.rejections.map((rejection) => (
                <tr key={rejection.row} className="border-b border-border last:border-0">
                  <td className="py-1 pr-3">{rejection.row}</td>
                  <td className="py-1 pr-3 font-mono">{rejection.id ?? '—'}</td>
                  <td className="py-1">{rejection.reasons.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Uploads a product feed (Google Merchant XML, CSV or TSV) and follows its import: a progress
 * bar while it runs, then the row report. `importId` resumes an import started earlier.
 */
export function FeedUpload({ importId: initialImportId = null }: { importId?: string | null }) {
  const fileId = useId();
  const fullId = useId();
  const upload = useUploadFeed();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [isFull, setFull] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(initialImportId);
  const current = useFeedImport(importId);
  const status = current.data?.status;

  useEffect(() => {
    if (status && status !== 'running') {
      void queryClient.invalidateQueries({ queryKey: integrationStatusQueryOptions().queryKey });
    }
  }, [status, queryClient]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError('Choose a feed file to upload');
      return;
    }
    setFileError(null);
    upload.mutate(
      { file, full: isFull },
      { onSuccess: ({ importId: started }) => setImportId(started) },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        noValidate
        onSubmit={submit}
        aria-label="Upload a product feed"
        className="flex flex-col gap-3"
      >
        <FormAlert
          message={
            upload.isError
              ? toErrorMessage(upload.error, 'The feed could not be uploaded.')
              : undefined
          }
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={fileId}>Feed file</Label>
          <input
            id={fileId}
            type="file"
            accept=".xml,.csv,.tsv,.txt,application/xml,text/xml,text/csv,text/tab-separated-values"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          />
          {fileError ? (
            <p id={`${fileId}-error`} className="text-sm text-destructive">
              {fileError}
            </p>
          ) : null}
          <p id={`${fileId}-hint`} className="text-xs text-muted-foreground">
            Google Merchant Center XML, CSV or TSV, up to 200 MB.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={fullId}
            checked={isFull}
            onChange={(event) => setFull(event.target.checked)}
          />
          <Label htmlFor={fullId} className="font-normal">
            This is my full catalog (products left out are marked out of stock)
          </Label>
        </div>
        <div>
          <Button type="submit" disabled={upload.isPending || status === 'running'}>
            {upload.isPending ? 'Uploading…' : 'Upload feed'}
          </Button>
        </div>
      </form>
      {current.data ? (
        <section aria-label="Feed import" className="flex flex-col gap-3">
          <p className="text-sm font-medium break-all">{current.data.source}</p>
          <ImportProgress view={current.data} />
          {current.data.status === 'running' ? null : <ImportReport view={current.data} />}
        </section>
      ) : current.isError ? (
        <FormAlert message={toErrorMessage(current.error, 'The import could not be loaded.')} />
      ) : null}
    </div>
  );
}
