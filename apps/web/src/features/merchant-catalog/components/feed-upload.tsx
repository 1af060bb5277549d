import { useState } from 'react';
import { FeedImportForm } from './feed-import-form';
import { FollowedFeedImport } from './followed-feed-import';

interface FeedUploadProps {
  /** An import started earlier, shown until a new one starts. */
  importId?: string | null;
  /** Called when an import followed here ends, e.g. to re-check a set-up step. */
  onFinished?: () => void;
}

/** Start a feed import and follow it to its report, without the list of earlier imports. */
export function FeedUpload({ importId: earlierId = null, onFinished }: FeedUploadProps) {
  const [importId, setImportId] = useState<string | null>(earlierId);
  const [startedId, setStartedId] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <FeedImportForm
        onStarted={(started) => {
          setStartedId(started);
          setImportId(started);
        }}
      />
      {importId ? (
        <section aria-label="Feed import">
          <FollowedFeedImport
            key={importId}
            importId={importId}
            isJustStarted={importId === startedId}
            onFinished={onFinished}
          />
        </section>
      ) : null}
    </div>
  );
}
