import type { FastifyBaseLogger, FastifyServerOptions, LogLevel } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

type Level = Exclude<LogLevel, 'silent'>;

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const satisfies readonly Level[];

// The level methods (fatal … trace) are added to the prototype below, one per level.
interface LazyRequestLogger extends Record<Level, (...args: unknown[]) => void> {}

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when
 * something is logged at a level that is on. Fastify makes a child logger for every request;
 * pino's child serialises its bindings on creation, which cost a cached catalog read about
 * a microsecond, while at the default level most requests log nothing.
 */
class LazyRequestLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  /** Logs at `level` if it is on; what each level method does. */
  write(level: Level, args: unknown[]): void {
    if (this.real || (this.parent as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level)) {
      (this.logger[level] as (...a: unknown[]) => void)(...args);
    }
  }

  get level(): string {
    return this.real ? this.real.level : this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

for (const level of LEVELS) {
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: unknown[]) {
    this.write(level, args);
  };
}

/**
 * Fastify's `childLoggerFactory`: a lazy child per request. A route with its own log level gets
 * a real child at once, since its level decides what is on.
 */
export const lazyRequestLogger: ChildLoggerFactory = (logger, bindings, options) =>
  options.level ? logger.child(bindings, options) : (new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
