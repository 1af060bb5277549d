/**
 * Bundles the server's page renderer (apps/web/src/render-page-entry.tsx) into
 * `<outDir>/server/render-page.js`: one ES module for Node with everything it imports (React,
 * the router, the pages), so that the server loads it from any folder the build is in
 * (bench:web builds into a temporary one). scripts/prerender-web.ts runs it after `vite build`.
 */
import { resolve } from 'node:path';
import { build } from 'vite';

const webRoot = resolve(import.meta.dirname, '../apps/web');

/** The renderer's file inside a build folder, as the server looks for it. */
export const PAGE_RENDERER_FILE = 'server/render-page.js';

export async function buildPageRenderer(outDir: string): Promise<void> {
  await build({
    mode: 'production',
    root: webRoot,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': resolve(webRoot, 'src') } },
    // React's production server renderer: the development one writes stacks into the markup.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Production JSX whoever builds it (a test runner sets NODE_ENV=test, which Vite follows).
    oxc: { jsx: { runtime: 'automatic', development: false } },
    // Bundled, not imported from node_modules: a build folder outside the repository has none.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/render-page-entry.tsx',
      outDir: resolve(outDir, 'server'),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: {
        output: { entryFileNames: 'render-page.js' },
        // Libraries' "use client" lines mean nothing to a server renderer.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
}
