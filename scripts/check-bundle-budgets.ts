/**
 * Size budgets of the web app's pages (issue 21), checked on the build in apps/web/dist (or the
 * folder given): for each page of the router, the JavaScript a first visit to it downloads —
 * the entry chunk, the page's own chunk and every chunk either imports statically, each counted
 * once — gzipped at level 9, as the build's .gz files are. Fails, naming the page and its
 * largest chunks, when one is over its budget, and when the charts library is part of the
 * entry (every page would download it).
 *
 *   npm run check:budgets [-- <build folder>]
 *
 * It reads Vite's manifest (.vite/manifest.json, `build.manifest` in apps/web/vite.config.ts),
 * which lists each chunk's static imports; chunks a page loads later (dynamic imports: a chart
 * opened with the page's data) are not part of its first load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;

/** Landing and results pages: what a shopper opens from a search or a shared link. */
const FAST_PAGES = new Set([
  'src/app/routes/landing.tsx',
  'src/app/routes/new-search.tsx',
  'src/app/routes/search.tsx',
]);
const FAST_PAGE_BUDGET = 150 * KB;
/** Every other shopper page. */
const SHOPPER_PAGE_BUDGET = 200 * KB;
/**
 * Merchant and admin pages have no size budget; their charts load with them, never before
 * (the charts chunk must not be part of the entry, checked below).
 */
const isMerchantOrAdminPage = (source: string) =>
  /^src\/app\/routes\/(admin|business)\//.test(source) ||
  /^src\/app\/routes\/(real-)?tracking-test\.tsx$/.test(source);

/** The chunk that vite.config.ts gathers the charts library into. */
const CHARTS_CHUNK_NAME = 'charts';

export interface PageFirstLoad {
  source: string;
  budget: number | null;
  chunks: { key: string; file: string; gzipped: number }[];
  gzipped: number;
}

/** A chunk and every chunk it imports statically, depth first, each once. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function pageBudget(source: string): number | null {
  if (FAST_PAGES.has(source)) return FAST_PAGE_BUDGET;
  return isMerchantOrAdminPage(source) ? null : SHOPPER_PAGE_BUDGET;
}

/** The first-load JavaScript of every page chunk the router imports lazily. */
export function measurePages(manifest: Manifest, readChunk: (file: string) => Buffer) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const gzipped = new Map<string, number>();
  const sizeOf = (key: string) => {
    const file = manifest[key]!.file;
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readChunk(file), { level: 9 }).length);
    return gzipped.get(file)!;
  };
  const entryClosure = staticClosure(manifest, entryKey);
  const pages: PageFirstLoad[] = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/app/routes/'))
    .map(([key]) => {
      const keys = staticClosure(manifest, key, new Set(entryClosure));
      const chunks = [...keys]
        .filter((chunkKey) => manifest[chunkKey]!.file.endsWith('.js'))
        .map((chunkKey) => ({
          key: chunkKey,
          file: manifest[chunkKey]!.file,
          gzipped: sizeOf(chunkKey),
        }))
        .sort((a, b) => b.gzipped - a.gzipped);
      return {
        source: key,
        budget: pageBudget(key),
        chunks,
        gzipped: chunks.reduce((total, chunk) => total + chunk.gzipped, 0),
      };
    })
    .sort((a, b) => a.source.localeCompare(b.source));
  const chartsInEntry = [...entryClosure].filter(
    (key) => manifest[key]!.name === CHARTS_CHUNK_NAME,
  );
  return { entryKey, pages, chartsInEntry };
}

function main(): void {
  const buildDir = resolve(process.argv[2] ?? 'apps/web/dist');
  const manifestPath = join(buildDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}: build the web app first (npm run build).`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const { pages, chartsInEntry } = measurePages(manifest, (file) =>
    readFileSync(join(buildDir, file)),
  );
  if (pages.length === 0) throw new Error('the manifest lists no page chunk under src/app/routes');

  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const problems: string[] = [];
  console.log('first-load JavaScript per page, gzipped');
  for (const page of pages) {
    const over = page.budget !== null && page.gzipped > page.budget;
    const limits =
      page.budget === null ? '(merchant/admin: no budget)' : `(budget ${kb(page.budget)})`;
    console.log(
      `  ${over ? '✗' : ' '} ${page.source.padEnd(52)} ${kb(page.gzipped).padStart(9)}  ${limits}`,
    );
    if (over) {
      const largest = page.chunks
        .slice(0, 4)
        .map((chunk) => `${chunk.file} ${kb(chunk.gzipped)} (${chunk.key})`)
        .join(', ');
      problems.push(
        `${page.source} loads ${kb(page.gzipped)} of JavaScript gzipped on a first visit, over ` +
          `its budget of ${kb(page.budget!)}. Its largest chunks: ${largest}.`,
      );
    }
  }
  if (chartsInEntry.length > 0) {
    problems.push(
      `The entry chunk imports the charts (${chartsInEntry.join(', ')}): every page would ` +
        'download them. Import chart components only from the pages that draw charts, lazily.',
    );
  }
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`All ${pages.length} pages are within their budgets.`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
