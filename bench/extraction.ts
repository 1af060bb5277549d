/**
 * Time to extract a product from a page: every fixture page N times (default 200), then two
 * large synthetic pages, printing the mean and p95 milliseconds per page.
 *
 *   node --import tsx bench/extraction.ts [N]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { extractProduct } from '../apps/server/src/modules/catalog/extraction/extract-product.ts';

const runs = Number(process.argv[2] ?? 200);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`N must be a positive integer, not ${process.argv[2]}`);

const fixtureDirectory = new URL('../apps/server/test/fixtures/pages/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('pages.json', fixtureDirectory), 'utf8')) as {
  pages: { file: string; pageUrl: string }[];
};
const pages = manifest.pages.map(({ file, pageUrl }) => ({
  name: file,
  pageUrl,
  html: readFileSync(new URL(file, fixtureDirectory), 'utf8'),
}));

// A big real-world-sized page: the Amazon fixture with 1.5 MB of extra carousel markup and
// inline script, as Amazon's own pages carry.
const amazon = pages.find((page) => page.name === 'amazon-product.html')!;
const carouselCard =
  '<li class="a-carousel-card"><a href="/dp/B000000000"><img src="https://m.media-amazon.example/images/I/x.jpg" alt="">Related product with a long title</a><span class="a-price"><span class="a-offscreen">$19.99</span></span></li>';
const inlineScript = `<script>P.when("A").execute(function(A){ A.state("x", ${JSON.stringify({ items: Array.from({ length: 2_000 }, (_, index) => ({ asin: `B0${index}`, price: index })) })}); });</script>`;
const bigPage = amazon.html.replace(
  '</body>',
  `<ol>${carouselCard.repeat(6_000)}</ol>${inlineScript.repeat(8)}</body>`,
);
const synthetic = [
  {
    name: `amazon-product.html + ${(bigPage.length / 1e6).toFixed(1)} MB`,
    pageUrl: amazon.pageUrl,
    html: bigPage,
  },
  {
    name: '3 MB of unclosed <div> (hostile)',
    pageUrl: amazon.pageUrl,
    html: '<div>'.repeat(600_000),
  },
];

function measure(page: { name: string; pageUrl: string; html: string }, times: number) {
  // Warm up the JIT so the figures are the steady state a server sees.
  for (let index = 0; index < Math.min(times, 20); index += 1)
    extractProduct(page.html, page.pageUrl);
  const durations: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    extractProduct(page.html, page.pageUrl);
    durations.push(performance.now() - started);
  }
  durations.sort((left, right) => left - right);
  const mean = durations.reduce((sum, duration) => sum + duration, 0) / durations.length;
  const p95 = durations[Math.min(durations.length - 1, Math.ceil(durations.length * 0.95) - 1)]!;
  return { mean, p95, durations };
}

const format = (milliseconds: number) => milliseconds.toFixed(2).padStart(8);
const print = (name: string, kilobytes: number | null, mean: number, p95: number) =>
  console.log(
    `${name.padEnd(42)} ${(kilobytes?.toFixed(1) ?? '').padStart(8)} ${format(mean)} ${format(p95)}`,
  );

console.log(`Product extraction, ${runs} runs per fixture page (Node ${process.version})\n`);
console.log(
  `${'page'.padEnd(42)} ${'kB'.padStart(8)} ${'mean ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
);
const all: number[] = [];
for (const page of pages) {
  const { mean, p95, durations } = measure(page, runs);
  all.push(...durations);
  print(page.name, page.html.length / 1_000, mean, p95);
}
all.sort((left, right) => left - right);
const overallMean = all.reduce((sum, duration) => sum + duration, 0) / all.length;
print('all fixture pages', null, overallMean, all[Math.ceil(all.length * 0.95) - 1]!);

console.log('\nLarge pages (10 runs each)');
for (const page of synthetic) {
  const { mean, p95 } = measure(page, 10);
  print(page.name, page.html.length / 1_000, mean, p95);
}
