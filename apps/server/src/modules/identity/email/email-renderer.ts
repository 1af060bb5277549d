import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build, type Message, type Plugin } from 'esbuild';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { RenderInput, RenderOutput } from './sandbox-runtime.ts';

export type { RenderInput, RenderOutput } from './sandbox-runtime.ts';

/** The largest template or theme source accepted, in characters. */
export const MAX_SOURCE_CHARS = 256 * 1024;
/** The largest email a render may produce. */
const MAX_OUTPUT_CHARS = 2 * 1024 * 1024;

export interface RendererLimits {
  /** How long one render may run in the isolate. */
  timeMs: number;
  /** How much memory the isolate may allocate. */
  memoryBytes: number;
}

const DEFAULT_LIMITS: RendererLimits = { timeMs: 500, memoryBytes: 64 * 1024 * 1024 };

/**
 * A template or theme that cannot be compiled or rendered; the message names the problem and is
 * safe to show to the operator who wrote it.
 */
export class EmailRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmailRenderError';
  }
}

export interface RenderSources {
  /** TSX exporting `EmailTemplate`; null renders `input.html` instead. */
  template: string | null;
  /** TSX exporting `EmailTheme`; null sends the content without a theme. */
  theme: string | null;
}

const RUNTIME_PATH = fileURLToPath(new URL('./sandbox-runtime.ts', import.meta.url));
/** What templates may import; each is served by the sandbox runtime. */
const IMPORTABLE = new Set([
  '@react-email/components',
  '@stackframe/emails',
  'arktype',
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
]);

const renderOutput = z.object({
  html: z.string(),
  text: z.string(),
  subject: z.string().nullable(),
  notificationCategory: z.string().nullable(),
});

/**
 * Renders operator-written email templates and themes (TSX). esbuild compiles them into one
 * script with the sandbox runtime; the script runs in a fresh QuickJS runtime per render, on a
 * worker thread of its own, with a
 * time and a memory limit and no file system, network, process or module loader: whatever the
 * source does stays inside the isolate, and a source that loops, throws, or grows without end
 * is stopped with an EmailRenderError saying so.
 */
export class EmailRenderer {
  readonly #limits: RendererLimits;
  readonly #compiled = new LRUCache<string, Promise<string>>({ max: 200 });
  #worker: Promise<Worker> | null = null;
  /** Renders run one after another in the worker; each waits for the one before. */
  #queue: Promise<unknown> = Promise.resolve();
  #nextJobId = 1;

  constructor(limits: Partial<RendererLimits> = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Compiles the sources (or reuses their compiled script) and renders them once. */
  async render(sources: RenderSources, input: RenderInput): Promise<RenderOutput> {
    const script = await this.compile(sources);
    return this.#run(script, input);
  }

  /** Compiles sources to the script the isolate runs; refuses what does not compile. */
  compile(sources: RenderSources): Promise<string> {
    checkSize('template', sources.template);
    checkSize('theme', sources.theme);
    const key = createHash('sha256').update(JSON.stringify(sources)).digest('base64');
    let script = this.#compiled.get(key);
    if (!script) {
      script = compileSources(sources);
      this.#compiled.set(key, script);
      // A failed compilation is not kept: the next attempt reports it afresh.
      script.catch(() => this.#compiled.delete(key));
    }
    return script;
  }

  #run(script: string, input: RenderInput): Promise<RenderOutput> {
    const job = this.#queue.then(() => this.#runInWorker(script, input));
    this.#queue = job.catch(() => undefined);
    return job;
  }

  async #runInWorker(script: string, input: RenderInput): Promise<RenderOutput> {
    this.#worker ??= startWorker().catch((error: unknown) => {
      this.#worker = null; // the next render tries again
      throw error;
    });
    const worker = await this.#worker;
    const id = this.#nextJobId++;
    const reply = await new Promise<WorkerReply>((resolve) => {
      // QuickJS stops itself at the deadline when it can; a long built-in call (a huge sort,
      // an allocation loop near the memory limit) only stops when the thread is ended.
      const timer = setTimeout(() => {
        cleanUp();
        this.#worker = null;
        void worker.terminate();
        resolve({ id, ok: false, error: { name: 'InternalError', message: 'interrupted' } });
      }, this.#limits.timeMs + KILL_GRACE_MS);
      const onMessage = (message: WorkerReply) => {
        if (message.id !== id) return;
        cleanUp();
        resolve(message);
      };
      // The thread itself failed (its own heap ran out, say): the render is what failed.
      const onExit = (error?: unknown) => {
        cleanUp();
        this.#worker = null;
        const reason = error instanceof Error ? error.message : 'it stopped';
        resolve({
          id,
          ok: false,
          error: { name: 'InternalError', message: `render thread failed: ${reason}` },
        });
      };
      const cleanUp = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onExit);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onExit);
      worker.on('exit', onExit);
      worker.postMessage({
        id,
        script,
        input,
        timeMs: this.#limits.timeMs,
        memoryBytes: this.#limits.memoryBytes,
      });
    });
    if (!reply.ok) throw new EmailRenderError(this.#describe(reply.error));
    const output = reply.output;
    if (typeof output !== 'string' || output.length > MAX_OUTPUT_CHARS) {
      throw new EmailRenderError(
        `The email is larger than ${MAX_OUTPUT_CHARS / 1024 / 1024} MB once rendered.`,
      );
    }
    // The template ran in the same isolate as the code that wrote this answer, so it may have
    // changed what came back (replaced JSON.stringify, say): check it like any other input.
    const parsed = renderOutput.safeParse(parseJson(output));
    if (!parsed.success) throw new EmailRenderError('The render did not produce an email.');
    return parsed.data;
  }

  /** Ends the worker thread (the app's shutdown). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await (await worker).terminate();
  }

  #describe({ name, message: text }: { name: string; message: string }): string {
    if (name === 'InternalError' && text === 'interrupted') {
      return `It ran longer than ${this.#limits.timeMs} ms and was stopped (an endless loop?).`;
    }
    if (text === 'out of memory' || text.includes('out of memory')) {
      return `It used more than ${this.#limits.memoryBytes / 1024 / 1024} MB of memory and was stopped.`;
    }
    if (
      (name === 'InternalError' && text === 'stack overflow') ||
      (name === 'RangeError' && text === 'Maximum call stack size exceeded')
    ) {
      return 'It recursed too deeply and was stopped (stack overflow).';
    }
    if (
      name === 'ReferenceError' &&
      /^'?(process|require|fetch|globalThis\.\w+)'? is not defined/.test(text)
    ) {
      return `${name}: ${text}. Templates run in a sandbox without the server's process, modules, file system or network.`;
    }
    return `${name}: ${text}`;
  }
}

/** How long past its deadline a render may take before its thread is ended. */
const KILL_GRACE_MS = 250;

type WorkerReply =
  | { id: number; ok: true; output: unknown; ready?: boolean }
  | { id: number; ok: false; error: { name: string; message: string } };

/** Starts the render thread and waits until QuickJS is loaded in it. */
async function startWorker(): Promise<Worker> {
  const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), {
    // The thread's own JavaScript heap; QuickJS's memory has its own limit inside.
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });
  // An idle render thread does not keep the process alive.
  worker.unref();
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: WorkerReply) => {
      if (message.id !== 0) return;
      worker.off('error', reject);
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  return worker;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function checkSize(what: string, source: string | null): void {
  if (source !== null && source.length > MAX_SOURCE_CHARS) {
    throw new EmailRenderError(
      `The ${what} source is ${Math.ceil(source.length / 1024)} KB; a ${what} may be at most ${MAX_SOURCE_CHARS / 1024} KB.`,
    );
  }
}

/** Serves the template and theme from memory and refuses every import but the runtime's. */
function sandboxImports(sources: RenderSources): Plugin {
  return {
    name: 'ipick-email-sandbox',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.path === 'ipick:template' || args.path === 'ipick:theme') {
          return { path: args.path.slice('ipick:'.length), namespace: 'email-source' };
        }
        if (args.path === 'ipick:runtime' || IMPORTABLE.has(args.path)) {
          return { path: RUNTIME_PATH };
        }
        if (args.importer === RUNTIME_PATH) return { path: args.path, external: true };
        return {
          errors: [
            {
              text: `Cannot import "${args.path}": templates may import only ${[...IMPORTABLE].join(', ')}.`,
            },
          ],
        };
      });
      build.onLoad({ filter: /.*/, namespace: 'email-source' }, (args) => ({
        contents: (args.path === 'template' ? sources.template : sources.theme) ?? '',
        loader: 'tsx',
      }));
    },
  };
}

async function compileSources(sources: RenderSources): Promise<string> {
  const lines = [
    `import { renderEmail } from 'ipick:runtime';`,
    sources.template === null
      ? 'const template = null;'
      : `import * as template from 'ipick:template';`,
    sources.theme === null ? 'const theme = null;' : `import * as theme from 'ipick:theme';`,
    'globalThis.__ipickRender = (input) => JSON.stringify(renderEmail(template, theme, input));',
  ];
  try {
    const result = await build({
      stdin: { contents: lines.join('\n'), loader: 'js', sourcefile: 'entry.js' },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'neutral',
      target: 'es2020',
      jsx: 'automatic',
      jsxImportSource: 'react',
      logLevel: 'silent',
      plugins: [sandboxImports(sources)],
    });
    return result.outputFiles[0]!.text;
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!messages?.length) throw error;
    throw new EmailRenderError(messages.slice(0, 3).map(describeCompileError).join('\n'));
  }
}

function describeCompileError(message: Message): string {
  const where = message.location;
  if (!where) return message.text;
  const file = where.file.replace(/^email-source:/, '');
  return `${file} line ${where.line}, column ${where.column + 1}: ${message.text}`;
}
