import { feedImportStartedResponseSchema } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { feedImportsQueryOptions } from './feed-imports';

/** A feed file to upload, or the address ipick fetches it from. */
export type FeedSource = { kind: 'file'; file: File } | { kind: 'url'; url: string };

export interface StartFeedImportInput {
  source: FeedSource;
  /** The feed lists everything the shop sells: what it leaves out becomes out of stock. */
  isFullFeed: boolean;
}

/** `POST /api/business/catalog/feeds`: starts an import; answers its id at once. */
export async function startFeedImport({ source, isFullFeed }: StartFeedImportInput) {
  if (source.kind === 'url') {
    return apiFetch('/api/business/catalog/feeds', {
      method: 'POST',
      body: { url: source.url, full: isFullFeed },
      schema: feedImportStartedResponseSchema,
    });
  }
  const form = new FormData();
  // Fields before the file: the server reads them as the file arrives.
  form.append('full', String(isFullFeed));
  form.append('feed', source.file, source.file.name);
  return apiFetch('/api/business/catalog/feeds', {
    method: 'POST',
    body: form,
    schema: feedImportStartedResponseSchema,
  });
}

export function useStartFeedImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startFeedImport,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: feedImportsQueryOptions().queryKey }),
  });
}
