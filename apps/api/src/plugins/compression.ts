import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Compresses responses of 1 KB and more (answers to writes from 8 KB, see below; brotli or gzip,
 * by Accept-Encoding) on every route registered after it, API modules and the `/api` plugin
 * alike. The web app's files and HTML are precompressed (at build time, or once per render) and go out with their Content-Encoding set,
 * which this leaves alone. Catalog and reference reads opt out with `compress: false`: their
 * bodies are compressed once by their read models.
 *
 * Brotli quality 3 because this runs per response: measured on this API's JSON
 * (`docs/speed-writes.md`), it takes 41–47 µs for a 2 KB cart answer and 133–146 µs for 28 KB,
 * against quality 4's 72–84 µs and 189–247 µs, for output 0.2–0.6% larger (quality 11 costs ~50×
 * the CPU). Its window is 256 KB (LGWIN 18), not the default 4 MB: setting up the default window
 * was a third of the time for a 1 KB answer (28 → 19 µs), and up to 256 KB the output is the same
 * size (a window larger than the body finds nothing more); a 470 KB list came out 0.3% smaller.
 * Bodies up to 8 KB on a 2-core host are compressed in one synchronous call, larger ones through
 * a stream (@fastify/compress's `syncThreshold`).
 */
const ON_THE_FLY = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  zlibOptions: { level: 6 },
};

/**
 * Answers to writes (any method but GET and HEAD) are compressed from 8 KB (decision 0073).
 * Compressing one in the API's thread cost 70–140 µs of CPU whatever the quality or window
 * (Node's zlib builds a stream object for every call), a fifth of a cart change's API CPU, to save
 * about 2 KB on a 3 KB cart answer. An answer under 8 KB is six TCP segments or fewer, inside a
 * connection's first congestion window either way, so it costs the buyer no round trip.
 */
export const WRITE_ANSWER_THRESHOLD = 8 * 1024;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

export async function registerCompression(api: FastifyInstance) {
  // Runs before @fastify/compress's own onRoute hook (registered next), which reads `compress`.
  // A route that sets its own `compress` (false, or options) keeps it.
  api.addHook('onRoute', (route) => {
    if (route.compress !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some(isRead)) return;
    route.compress = { ...ON_THE_FLY, threshold: WRITE_ANSWER_THRESHOLD };
  });
  await api.register(compress, {
    ...ON_THE_FLY,
    // Request bodies are small JSON; inflating them would only open a door to zip bombs.
    globalDecompression: false,
  });
}
