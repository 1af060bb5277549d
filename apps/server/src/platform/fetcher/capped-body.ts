import { FetchRefusedError } from './fetch-refused-error.ts';

/**
 * Passes a response body through, chunk by chunk as the consumer asks, and errors it with
 * `too_large` (cancelling the download) as soon as more than `maxBytes` have arrived, so a
 * giant or endless body is never held in memory. Read errors go through `toError`.
 * `onEnd` runs once when the body finishes, fails or is cancelled.
 */
export function capBody(
  source: ReadableStream<Uint8Array>,
  options: {
    maxBytes: number;
    url: string;
    toError: (error: unknown) => unknown;
    onEnd: () => void;
  },
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let received = 0;
  let hasEnded = false;
  const end = () => {
    if (hasEnded) return;
    hasEnded = true;
    options.onEnd();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            end();
            controller.close();
            return;
          }
          received += value.byteLength;
          if (received > options.maxBytes) {
            throw new FetchRefusedError('too_large', {
              url: options.url,
              detail: `body exceeds ${options.maxBytes} bytes`,
            });
          }
          controller.enqueue(value);
        } catch (error) {
          end();
          const failure = error instanceof FetchRefusedError ? error : options.toError(error);
          reader.cancel(failure).catch(() => undefined);
          controller.error(failure);
        }
      },
      async cancel(reason) {
        end();
        await reader.cancel(reason);
      },
    },
    // Pull only when the consumer reads: nothing is downloaded ahead of need.
    { highWaterMark: 0 },
  );
}
