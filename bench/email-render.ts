/**
 * What rendering an operator's email template costs: the first render (the worker thread starts
 * and loads QuickJS, esbuild compiles), compiling a source not seen before, rendering a compiled
 * one (every identity mail), and a template that loops forever: how long until it is refused,
 * and how long the main thread's event loop stalls meanwhile (it should not: QuickJS runs on its
 * own thread). Prints p50/p95/max.
 *
 *   node --import tsx bench/email-render.ts [--samples 200]
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  DEFAULT_TEMPLATES,
  DEFAULT_THEME,
} from '../apps/server/src/modules/identity/email/default-templates.ts';
import { EmailRenderer } from '../apps/server/src/modules/identity/email/email-renderer.ts';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '200' } } });
const samples = Number(values.samples);

const input = {
  user: { displayName: 'Ada' },
  project: { displayName: 'ipick' },
  variables: { emailVerificationLink: 'https://example.com/verify?code=abc' },
  unsubscribeLink: null,
};
const sources = {
  template: DEFAULT_TEMPLATES.email_verification.tsxSource,
  theme: DEFAULT_THEME.tsxSource,
};

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const renderer = new EmailRenderer();
try {
  console.log(
    `first render: ${(await timed(() => renderer.render(sources, input))).toFixed(1)} ms`,
  );

  const compiles: number[] = [];
  for (let i = 0; i < Math.min(samples, 50); i++) {
    const template = `${sources.template}\n// ${i}`;
    compiles.push(await timed(() => renderer.compile({ template, theme: sources.theme })));
  }
  console.log(`compile a new template and theme (esbuild): ${summary(compiles)}`);

  const renders: number[] = [];
  for (let i = 0; i < samples; i++)
    renders.push(await timed(() => renderer.render(sources, input)));
  console.log(`render a compiled template in the theme: ${summary(renders)}`);

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const refused = await timed(() =>
    renderer
      .render({ template: 'export function EmailTemplate() { for (;;) {} }', theme: null }, input)
      .catch(() => undefined),
  );
  delay.disable();
  console.log(
    `loop forever: refused after ${refused.toFixed(0)} ms; main thread's event loop delay meanwhile max ${(delay.max / 1e6).toFixed(1)} ms`,
  );
  const runaway = await timed(() =>
    renderer
      .render(
        {
          template:
            'export function EmailTemplate() { const a = []; for (;;) a.push(new Array(100000).fill(1)); }',
          theme: null,
        },
        input,
      )
      .catch(() => undefined),
  );
  const after = await timed(() => renderer.render(sources, input));
  console.log(
    `allocate without end: refused after ${runaway.toFixed(0)} ms (thread ended); next render ${after.toFixed(0)} ms (new thread)`,
  );
} finally {
  await renderer.close();
}
