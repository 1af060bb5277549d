import type { FeedImport } from '@ipick/contracts';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { RelativeTime } from '@/components/ui/relative-time';
import { RunAgain } from './run-again';

/**
 * How far an import is, 0..100, or null while it reads a feed of unknown size. Reading the
 * feed is the first half, saving the good rows the second.
 */
export function importPercent(feedImport: FeedImport): number | null {
  if (feedImport.status !== 'running') return 100;
  if (feedImport.phase === 'writing') {
    const toWrite = Math.max(1, feedImport.itemsSeen - feedImport.rejected);
    const written = feedImport.created + feedImport.updated + feedImport.unchanged;
    return Math.min(99, Math.round(50 + (50 * written) / toWrite));
  }
  if (feedImport.bytesTotal && feedImport.bytesRead !== null) {
    return Math.min(50, Math.round((50 * feedImport.bytesRead) / feedImport.bytesTotal));
  }
  return null;
}

export function ImportStatusBadge({ feedImport }: { feedImport: FeedImport }) {
  if (feedImport.status === 'running') {
    return (
      <Badge>
        <LoaderCircle aria-hidden="true" className="animate-spin" />
        {feedImport.phase === 'writing' ? 'Saving products' : 'Reading feed'}
      </Badge>
    );
  }
  if (feedImport.status === 'failed') {
    return (
      <Badge variant="destructive">
        <CircleAlert aria-hidden="true" />
        Failed
      </Badge>
    );
  }
  if (feedImport.status === 'interrupted') {
    return (
      <Badge variant="warning">
        <CircleAlert aria-hidden="true" />
        Interrupted
      </Badge>
    );
  }
  return (
    <Badge variant={feedImport.rejected > 0 ? 'warning' : 'success'}>
      <CircleCheck aria-hidden="true" />
      {feedImport.rejected > 0 ? 'Imported with rejected rows' : 'Imported'}
    </Badge>
  );
}

/** An accessible bar; without a value it shows work going on of unknown length. */
function ProgressBar({ value, text }: { value: number | null; text: string }) {
  return (
    <div
      role="progressbar"
      aria-label="Feed import progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? text : `${value}% · ${text}`}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={
          value === null
            ? 'h-full w-1/3 animate-pulse rounded-full bg-primary motion-reduce:animate-none'
            : 'h-full rounded-full bg-primary transition-[width] duration-500'
        }
        style={value === null ? undefined : { width: `${value}%` }}
      />
    </div>
  );
}

/** What a running import is doing, e.g. "Reading the feed: 120 rows so far". */
function runningText(feedImport: FeedImport): string {
  const doing = feedImport.phase === 'writing' ? 'Saving products' : 'Reading the feed';
  return `${doing}: ${rowCount(feedImport.itemsSeen)} so far`;
}

/** How the import went and when: while running what it does, then when it ended. */
function ImportTimeline({ feedImport }: { feedImport: FeedImport }) {
  const started = <RelativeTime value={feedImport.startedAt} prefix="started" />;
  if (feedImport.status === 'running') {
    return (
      <>
        {runningText(feedImport)} · {started}
      </>
    );
  }
  const outcome =
    feedImport.status === 'completed'
      ? 'Import finished'
      : feedImport.status === 'interrupted'
        ? 'Import interrupted'
        : 'Import failed';
  return (
    <>
      {feedImport.finishedAt ? (
        <RelativeTime value={feedImport.finishedAt} prefix={outcome} />
      ) : (
        outcome
      )}{' '}
      · {started}
    </>
  );
}

const countLabels = [
  ['itemsSeen', 'Rows read'],
  ['created', 'Added'],
  ['updated', 'Updated'],
  ['unchanged', 'Unchanged'],
  ['rejected', 'Rejected'],
  ['markedOutOfStock', 'Marked out of stock'],
] as const;

/** One import: its status, a progress bar while it runs, its counts and the rows it rejected. */
export function FeedImportProgress({ feedImport }: { feedImport: FeedImport }) {
  const percent = importPercent(feedImport);
  const isRunning = feedImport.status === 'running';
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-all">{feedImport.source}</p>
        <ImportStatusBadge feedImport={feedImport} />
      </div>
      {isRunning ? <ProgressBar value={percent} text={runningText(feedImport)} /> : null}
      <p className="text-sm text-muted-foreground">
        <ImportTimeline feedImport={feedImport} />
      </p>
      {feedImport.status === 'interrupted' ? (
        <RunAgain feedImport={feedImport} />
      ) : feedImport.error ? (
        <p role="alert" className="text-sm text-destructive">
          The import stopped: {feedImport.error}. Nothing from this feed was changed; fix the file
          and import it again.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {countLabels.map(([key, label]) => (
          <div key={key} className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{feedImport[key]}</dd>
          </div>
        ))}
      </dl>
      {feedImport.rejections.length > 0 ? <Rejections feedImport={feedImport} /> : null}
    </div>
  );
}

function Rejections({ feedImport }: { feedImport: FeedImport }) {
  const shown = feedImport.rejections.length;
  return (
    <details className="rounded-md border border-border" open={shown <= 5}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
        Why {feedImport.rejected} row{feedImport.rejected === 1 ? ' was' : 's were'} rejected
      </summary>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rejected rows and their reasons</caption>
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Product id
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Reasons
              </th>
            </tr>
          </thead>
          <tbody>
            {feedImport.rejections.map((rejection) => (
              <tr key={rejection.row} className="border-t border-border align-top">
                <td className="px-3 py-2 tabular-nums">{rejection.row}</td>
                <td className="px-3 py-2 break-all">{rejection.id ?? '—'}</td>
                <td className="px-3 py-2">{rejection.reasons.join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {feedImport.rejected > shown ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
          The first {shown} of {feedImport.rejected} rejected rows are listed.
        </p>
      ) : null}
    </details>
  );
}

/** "1 row", "120 rows". */
export function rowCount(rows: number): string {
  return `${rows} row${rows === 1 ? '' : 's'}`;
}
