// @ts-check
/**
 * Runs compiled email templates in QuickJS, off the main thread. QuickJS runs synchronously
 * inside WebAssembly: here a template that spins only holds this thread, and the parent can end
 * the thread when a render outlives its time (QuickJS checks its own deadline only now and then,
 * and not inside long built-in calls).
 *
 * Plain JavaScript on purpose: a worker thread must start without a TypeScript loader, both
 * under `node --import tsx` and inside the test runner.
 *
 * Protocol: the parent sends `{ id, script, input, timeMs, memoryBytes }` and gets back
 * `{ id, ok: true, output }` (the JSON text the script returned) or `{ id, ok: false, error:
 * { name, message } }` (what the script threw, or QuickJS's own InternalError).
 */
import { parentPort } from 'node:worker_threads';
import { newQuickJSWASMModule, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

if (!parentPort) throw new Error('render-worker must run in a worker thread');
const port = parentPort;

/** A fresh module after QuickJS fails to clean up (it can, after a stack overflow). */
let quickJs = await newQuickJSWASMModule();
port.postMessage({ id: 0, ok: true, ready: true });

port.on(
  'message',
  async (
    /** @type {{ id: number, script: string, input: unknown, timeMs: number, memoryBytes: number }} */ job,
  ) => {
    const runtime = quickJs.newRuntime();
    /** @type {{ id: number, ok: true, output: unknown } | { id: number, ok: false, error: { name: string, message: string } }} */
    let reply;
    try {
      runtime.setMemoryLimit(job.memoryBytes);
      // Small enough that QuickJS reports deep recursion before the thread's own stack runs out.
      runtime.setMaxStackSize(256 * 1024);
      runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + job.timeMs));
      const context = runtime.newContext();
      try {
        /** @param {string} code @param {string} filename */
        const evaluate = (code, filename) => {
          const result = context.evalCode(code, filename);
          if (result.error) {
            const error = context.dump(result.error);
            result.error.dispose();
            throw Object.assign(new Error('script failed'), { dumped: error });
          }
          const value = context.dump(result.value);
          result.value.dispose();
          return value;
        };
        evaluate(job.script, 'email.js');
        const output = evaluate(`__ipickRender(${JSON.stringify(job.input)})`, 'render.js');
        reply = { id: job.id, ok: true, output };
      } finally {
        context.dispose();
      }
    } catch (error) {
      reply = { id: job.id, ok: false, error: describe(error) };
    }
    try {
      runtime.dispose();
    } catch {
      quickJs = await newQuickJSWASMModule();
    }
    port.postMessage(reply);
  },
);

/** @param {unknown} error @returns {{ name: string, message: string }} */
function describe(error) {
  const dumped = /** @type {{ dumped?: unknown }} */ (error).dumped;
  const source = dumped ?? error;
  if (source && typeof source === 'object') {
    const { name, message } = /** @type {{ name?: unknown, message?: unknown }} */ (source);
    return {
      name: typeof name === 'string' ? name : 'Error',
      message: typeof message === 'string' ? message : String(source),
    };
  }
  return { name: 'Error', message: String(source) };
}
