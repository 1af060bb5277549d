/**
 * Runs after `vite build`: writes the landing page's HTML into the built index.html (served
 * for `/` and hydrated by main.tsx) and a shell (header, skeleton, footer) into shell.html,
 * which the server sends for every other page. Both are compressed again, as the build
 * compressed the rest (brotli and gzip beside the file). Then it bundles the server's page
 * renderer into server/, with the empty pages it renders Browse and results pages into.
 *
 *   node --import tsx scripts/prerender-web.ts [outDir]   (apps/web/dist by default)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer } from 'vite';
import { buildPageRenderer } from './build-page-renderer.ts';

const webRoot = resolve(import.meta.dirname, '../apps/web');
const outDir = process.argv[2] ? resolve(process.argv[2]) : resolve(webRoot, 'dist');
const ROOT = '<div id="root"></div>';

/** The built page with `markup` inside #root; `kind` tells main.tsx whether to hydrate. */
export function withRootMarkup(html: string, markup: string, kind: 'landing' | 'shell'): string {
  if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
  return html.replace(ROOT, () => `<div id="root" data-prerendered="${kind}">${markup}</div>`);
}

/**
 * Shells that also name a page's own code (`<link rel="modulepreload">`), so that the browser
 * downloads it alongside the entry instead of after it has run: file name → route module.
 */
const PAGE_SHELLS = {
  'shell-browse.html': 'src/app/routes/browse.tsx',
} as const;

/**
 * The pages the server renders per request (build-page-renderer.ts), each an empty page naming
 * its code, into which the server writes the page's markup and data: file name → route module.
 */
const SERVER_PAGE_TEMPLATES = {
  'server/page-browse.html': 'src/app/routes/browse.tsx',
  'server/page-new-search.html': 'src/app/routes/new-search.tsx',
} as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** A chunk's file and every file it imports statically, depth first. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** `html` preloading the route module's chunks that the entry does not already load. */
export function withModulePreloads(
  html: string,
  manifest: Record<string, ManifestChunk>,
  routeModule: string,
): string {
  if (!manifest[routeModule]) throw new Error(`the build has no chunk for ${routeModule}`);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();
  const links = [...staticClosure(manifest, routeModule)]
    .filter((file) => !loaded.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return html.replace('</head>', () => `${links}</head>`);
}

function writeCompressed(path: string, html: string): void {
  writeFileSync(path, html);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(html, { level: 9 }));
}

async function main(): Promise<void> {
  // React's production server renderer: the development one writes stacks into the markup.
  process.env.NODE_ENV = 'production';
  const vite = await createServer({
    mode: 'production',
    root: webRoot,
    configFile: false,
    logLevel: 'warn',
    appType: 'custom',
    resolve: { alias: { '@': resolve(webRoot, 'src') } },
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const entry = (await vite.ssrLoadModule('/src/prerender-entry.tsx')) as {
      renderLanding: () => Promise<string>;
      renderShell: () => Promise<string>;
    };
    // Vite's page, kept aside on the first run so that running this again is harmless.
    const built = readFileSync(resolve(outDir, 'index.html'), 'utf8');
    const templatePath = resolve(outDir, '.vite/page-template.html');
    if (built.includes(ROOT)) writeFileSync(templatePath, built);
    const template = readFileSync(templatePath, 'utf8');
    const landing = await entry.renderLanding();
    // renderToString leaves a note on why the page's boundary is not rendered; nobody reads it.
    const shell = (await entry.renderShell()).replace(
      /<template data-msg="[^"]*"[^>]*><\/template>/g,
      '',
    );
    writeCompressed(resolve(outDir, 'index.html'), withRootMarkup(template, landing, 'landing'));
    const shellPage = withRootMarkup(template, shell, 'shell');
    writeCompressed(resolve(outDir, 'shell.html'), shellPage);
    const manifest = JSON.parse(
      readFileSync(resolve(outDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    for (const [file, routeModule] of Object.entries(PAGE_SHELLS)) {
      writeCompressed(resolve(outDir, file), withModulePreloads(shellPage, manifest, routeModule));
    }
    await buildPageRenderer(outDir);
    for (const [file, routeModule] of Object.entries(SERVER_PAGE_TEMPLATES)) {
      writeFileSync(resolve(outDir, file), withModulePreloads(template, manifest, routeModule));
    }
  } finally {
    await vite.close();
  }
}

await main();
