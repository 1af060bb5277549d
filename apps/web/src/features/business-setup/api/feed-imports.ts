import { apiErrorBodySchema } from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiFetch,
  HTTP_ERROR_CODE,
  NetworkError,
  type ResponseSchema,
} from '@/lib/api-client';
import { integrationStatusQueryOptions } from './integration-status';

/** One feed import as the wizard shows it: progress while running, then the row report. */
export interface FeedImportView {
  id: string;
  source: string;
  status: 'running' | 'completed' | 'failed';
  phase: 'reading' | 'writing' | null;
  bytesRead: number | null;
  bytesTotal: number | null;
  itemsSeen: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rejections: { row: number; id: string | null; reasons: string[] }[];
  error: string | null;
}

/** How often a running import is asked about, in milliseconds. */
export const FEED_POLL_INTERVAL_MS = 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const countOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** Reads the import; the progress fields are optional, as older servers do not send them. */
export const feedImportViewSchema: ResponseSchema<FeedImportView> = {
  parse(input) {
    if (!isRecord(input) || typeof input.id !== 'string') throw new TypeError('expected an import');
    const status = input.status;
    if (status !== 'running' && status !== 'completed' && status !== 'failed') {
      throw new TypeError('expected an import status');
    }
    const phase = input.phase === 'reading' || input.phase === 'writing' ? input.phase : null;
    const rejections = Array.isArray(input.rejections) ? input.rejections : [];
    return {
      id: input.id,
      source: typeof input.source === 'string' ? input.source : '',
      status,
      phase,
      bytesRead: countOrNull(input.bytesRead),
      bytesTotal: countOrNull(input.bytesTotal),
      itemsSeen: count(input.itemsSeen),
      created: count(input.created),
      updated: count(input.updated),
      unchanged: count(input.unchanged),
      rejected: count(input.rejected),
      rejections: rejections.filter(isRecord).map((rejection) => ({
        row: count(rejection.row),
        id: typeof rejection.id === 'string' ? rejection.id : null,
        reasons: Array.isArray(rejection.reasons)
          ? rejection.reasons.filter((reason): reason is string => typeof reason === 'string')
          : [],
      })),
      error: typeof input.error === 'string' ? input.error : null,
    };
  },
};

/** `GET /api/business/catalog/feeds/:id`, polled every second while the import runs. */
export function feedImportQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['business-setup', 'feed-import', id] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/catalog/feeds/${encodeURIComponent(id)}`, {
        signal,
        schema: feedImportViewSchema,
      }),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'running' ? false : FEED_POLL_INTERVAL_MS,
  });
}

export function useFeedImport(id: string | null) {
  return useQuery({ ...feedImportQueryOptions(id ?? ''), enabled: id !== null });
}

/**
 * `POST /api/business/catalog/feeds` (multipart, field `feed`): starts the import and answers
 * with its id at once. Sent with fetch directly: the shared client only sends JSON.
 */
export async function uploadFeed({ file, full }: { file: File; full: boolean }) {
  const form = new FormData();
  form.append('full', String(full));
  form.append('feed', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/business/catalog/feeds', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    throw new NetworkError({ cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(body);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.code, parsed.data.error)
      : new ApiError(response.status, HTTP_ERROR_CODE, 'The feed could not be uploaded.');
  }
  if (!isRecord(body) || typeof body.importId !== 'string') {
    throw new ApiError(response.status, HTTP_ERROR_CODE, 'The server sent an unexpected response.');
  }
  return { importId: body.importId };
}

export function useUploadFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFeed,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: integrationStatusQueryOptions().queryKey }),
  });
}
