import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildOptions = Parameters<ChildLoggerFactory>[2];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's levels by value: a line is written when its level's value is at least the logger's. */
const levelValues: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * A route's `childLoggerFactory` that makes the request's child logger (the one carrying its
 * `reqId`) only when something is logged at a level that is on. Fastify otherwise makes a pino
 * child for every request, serialising its bindings each time; on a route that logs nothing
 * when all goes well (the outbound redirect at `LOG_LEVEL=warn`) that is pure cost. A line that
 * is logged looks the same as through an eager child.
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  // A route with a log level of its own changes the child's level: made at once then.
  options.level === undefined
    ? new LazyChildLogger(logger, bindings, options)
    : logger.child(bindings, options);

class LazyChildLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): string {
    return this.#real().level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  silent(): void {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#real().child(...args);
  }

  #log(level: Level, args: unknown[]): void {
    // A level this does not know (a custom one) is left for the child to judge.
    if (levelValues[level]! < (levelValues[this.#parent.level] ?? -Infinity)) return;
    // pino's log methods take (object or message, ...rest); the arguments are passed on as given.
    const child = this.#real();
    child[level](...(args as Parameters<typeof child.info>));
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }
}
