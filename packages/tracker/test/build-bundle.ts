import type { TestProject } from 'vitest/node';
import { buildTracker } from '../build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The minified bundle as served, with its sizes (see build.mjs). */
    trackerBundle: { code: string; bytes: number; gzipBytes: number };
  }
}

/** Builds tracker.js once, in Node: esbuild cannot run inside the jsdom test environment. */
export default async function buildBundle(project: TestProject) {
  const built = await buildTracker({ write: false });
  project.provide('trackerBundle', {
    code: built.code.toString('utf8'),
    bytes: built.bytes,
    gzipBytes: built.gzipBytes,
  });
}
