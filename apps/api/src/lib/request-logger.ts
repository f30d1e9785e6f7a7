import type { FastifyBaseLogger, FastifyServerOptions, LogLevel } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

type Level = Exclude<LogLevel, 'silent'>;

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when
 * something is logged at a level that is on. Fastify makes a child logger for every request;
 * pino's child serialises its bindings on creation, which cost a cached catalog read about
 * a microsecond, while at the default level most requests log nothing.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
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

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child per request. A route with its own log level gets
 * a real child at once, since its level decides what is on.
 */
export const lazyRequestLogger: ChildLoggerFactory = (logger, bindings, options) =>
  options.level ? logger.child(bindings, options) : (new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
