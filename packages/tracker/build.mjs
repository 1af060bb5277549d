// Builds the snippet into dist/tracker.js: one minified IIFE for browsers from 2020 on (optional chaining, `??`). The
// server serves it at /tracker.js. `node build.mjs` prints its size, minified and gzipped.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Builds the bundle; writes it to `outfile` (dist/tracker.js by default) and returns it. */
export async function buildTracker({ outfile = `${root}dist/tracker.js`, write = true } = {}) {
  if (write) mkdirSync(fileURLToPath(new URL('.', `file://${outfile}`)), { recursive: true });
  const result = await build({
    entryPoints: [`${root}src/tracker.ts`],
    bundle: true,
    format: 'iife',
    minify: true,
    target: ['es2020'],
    platform: 'browser',
    legalComments: 'none',
    outfile,
    write,
    logLevel: 'silent',
  });
  const code = write
    ? (await import('node:fs')).readFileSync(outfile)
    : Buffer.from(result.outputFiles[0].contents);
  return { code, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, gzipBytes } = await buildTracker();
  console.log(`tracker.js: ${bytes} bytes minified, ${gzipBytes} bytes gzipped`);
}
