import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The Fastify server (apps/server) listens here during development. */
const apiOrigin = 'http://localhost:3001';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every text file of the build is compressed once, here, at the highest levels; the server
    // sends the .br or .gz beside a file as it is (@fastify/static's preCompressed) instead of
    // compressing it on each request. Kept even where compression gains nothing, so that the
    // server never needs to compress an asset itself.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      skipIfLargerOrEqual: false,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      // The merchant snippet is served by the server, not bundled into the SPA.
      '/tracker.js': { target: apiOrigin, changeOrigin: false },
    },
  },
  preview: { port: 3000 },
  build: {
    outDir: 'dist',
    // .vite/manifest.json: which chunks each page loads; the size-budget test reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically (every page runs it) in one chunk: many small
            // chunks compress worse than one, and each is a request.
            { name: 'app', tags: ['$initial'], priority: 0 },
            // React and the router change less often than our code and every page needs them:
            // one chunk that stays cached across releases. Other libraries go with the pages
            // that import them (charts only with the merchant and admin pages), so a page
            // never downloads a library it does not use.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // The charts library with everything it imports (d3, redux…), loaded only by pages
            // that draw charts (merchant analytics, a price history opened on the results page).
            // scripts/check-bundle-budgets.ts fails if the entry imports this chunk.
            { name: 'charts', test: /node_modules[\\/]recharts[\\/]/, priority: 1 },
            // The class-name helpers every page uses, which recharts imports too: taken first,
            // so that the charts chunk does not capture them and drag itself into every page.
            {
              name: 'class-names',
              test: /node_modules[\\/](clsx|tailwind-merge|class-variance-authority)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
