/**
 * Preloaded (`--import`) into the product's processes by the processes section: each process
 * writes `bench-listening <pid>` to stderr once its HTTP server listens, so the section knows when
 * every cluster worker serves (the product logs that only at LOG_LEVEL=info, which would also log
 * every request and slow what is measured). Node passes --import on to cluster workers.
 */
import http from 'node:http';

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (this: http.Server, ...args: unknown[]) {
  this.once('listening', () => process.stderr.write(`bench-listening ${process.pid}\n`));
  return (listen as (...a: unknown[]) => http.Server).apply(this, args);
} as typeof listen;
