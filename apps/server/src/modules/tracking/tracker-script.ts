import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

export interface TrackerScript {
  body: Buffer;
  etag: string;
}

/**
 * The built snippet (packages/tracker, `npm run build`), read once and again whenever the file
 * changes, so a rebuild is served without a restart. Null while there is no build.
 */
export function createTrackerScriptLoader(path: string): () => Promise<TrackerScript | null> {
  let cached: { mtimeMs: number; size: number; script: TrackerScript } | null = null;
  return async () => {
    let info;
    try {
      info = await stat(path);
    } catch {
      cached = null;
      return null;
    }
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
      return cached.script;
    }
    const body = await readFile(path);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    cached = { mtimeMs: info.mtimeMs, size: info.size, script: { body, etag } };
    return cached.script;
  };
}
