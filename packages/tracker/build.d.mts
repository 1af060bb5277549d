/** Builds dist/tracker.js (or only returns it, with `write: false`), with its sizes in bytes. */
export function buildTracker(options?: {
  outfile?: string;
  write?: boolean;
}): Promise<{ code: Buffer; bytes: number; gzipBytes: number }>;
