import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Compresses responses of 1 KB and more (brotli or gzip, by Accept-Encoding) on every route
 * registered after it, API modules and the `/api` plugin alike. The web app's files and HTML are
 * precompressed (at build time, or once per render) and go out with their Content-Encoding set,
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
export async function registerCompression(api: FastifyInstance) {
  await api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { level: 6 },
    // Request bodies are small JSON; inflating them would only open a door to zip bombs.
    globalDecompression: false,
  });
}
