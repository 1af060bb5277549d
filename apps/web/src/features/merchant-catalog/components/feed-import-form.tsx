import { MAX_FEED_UPLOAD_MEGABYTES, feedUrlImportRequestSchema } from '@ipick/contracts';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { toErrorMessage } from '@/lib/error-message';
import { useStartFeedImport, type FeedSource } from '../api/start-feed-import';
import { useMerchantAccess } from '@/features/business-auth/hooks/use-merchant-access';
import { MerchantActionNote } from '@/features/business-auth/components/merchant-action-note';

type SourceKind = FeedSource['kind'];

const sourceTabs = [
  { value: 'file', label: 'Upload a file' },
  { value: 'url', label: 'Link a feed address' },
] as const;

/** Upload a feed file or give its address; the import then runs on the server. */
export function FeedImportForm({ onStarted }: { onStarted: (importId: string) => void }) {
  const idPrefix = useId();
  const [kind, setKind] = useState<SourceKind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [isFullFeed, setIsFullFeed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const start = useStartFeedImport();
  const access = useMerchantAccess();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    let source: FeedSource;
    if (kind === 'file') {
      if (!file) return setError('Choose your feed file first.');
      if (file.size > MAX_FEED_UPLOAD_MEGABYTES * 1024 * 1024) {
        return setError(`The file is larger than ${MAX_FEED_UPLOAD_MEGABYTES} MB.`);
      }
      source = { kind: 'file', file };
    } else {
      const checked = feedUrlImportRequestSchema.shape.url.safeParse(url);
      if (!checked.success) {
        return setError(`The address ${checked.error.issues[0]?.message ?? 'is not valid'}.`);
      }
      source = { kind: 'url', url: checked.data };
    }
    setError(null);
    start.mutate(
      { source, isFullFeed },
      {
        onSuccess: ({ importId }) => {
          toast.success('Import started', {
            description: 'ipick is reading your feed; its report appears below.',
          });
          setFile(null);
          setUrl('');
          if (fileInput.current) fileInput.current.value = '';
          onStarted(importId);
        },
        onError: (failure) =>
          setError(toErrorMessage(failure, 'The import could not start. Please try again.')),
      },
    );
  }

  const fileId = `${idPrefix}-file`;
  const fullId = `${idPrefix}-full`;
  const errorId = `${idPrefix}-error`;
  if (!access.may('import-feed')) return <MerchantActionNote action="import-feed" />;
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <TabList
        label="Where your feed comes from"
        items={sourceTabs}
        value={kind}
        onValueChange={(value) => {
          setKind(value);
          setError(null);
        }}
        idPrefix={idPrefix}
        className="sm:max-w-md"
      />
      <TabPanel idPrefix={idPrefix} value={kind}>
        {kind === 'file' ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={fileId}>Feed file</Label>
            <Input
              id={fileId}
              ref={fileInput}
              type="file"
              accept=".xml,.rss,.atom,.csv,.tsv,.txt,text/xml,application/xml,text/csv,text/tab-separated-values"
              aria-describedby={`${fileId}-hint${error ? ` ${errorId}` : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <p id={`${fileId}-hint`} className="text-xs text-muted-foreground">
              Google Merchant Center XML (RSS or Atom), CSV or TSV, up to{' '}
              {MAX_FEED_UPLOAD_MEGABYTES} MB. Each row needs an id, a title, a link and a price.
            </p>
          </div>
        ) : (
          <TextField
            label="Feed address"
            type="url"
            inputMode="url"
            placeholder="https://shop.example.com/feeds/products.xml"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            hint="ipick downloads the feed from this address now. It must be reachable without signing in."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        )}
      </TabPanel>
      <div className="flex items-start gap-2">
        <Checkbox
          id={fullId}
          checked={isFullFeed}
          onChange={(event) => setIsFullFeed(event.target.checked)}
          className="mt-0.5"
        />
        <Label htmlFor={fullId} className="leading-snug font-normal">
          This feed lists everything my shop sells: mark products it leaves out as out of stock.
        </Label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={start.isPending}>
          <Upload aria-hidden="true" />
          {start.isPending
            ? kind === 'file'
              ? 'Uploading…'
              : 'Fetching…'
            : kind === 'file'
              ? 'Upload feed'
              : 'Import from address'}
        </Button>
      </div>
    </form>
  );
}
