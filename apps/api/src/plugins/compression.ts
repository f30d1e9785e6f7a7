import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Compresses responses of 1 KB and more (brotli or gzip, by Accept-Encoding) on every route
 * registered after it, API modules and the `/api` plugin alike. The web app's files and HTML are
 * precompressed (at build time, or once per render) and go out with their Content-Encoding set,
 * which this leaves alone. Brotli quality 4 because this runs per response: it is close to gzip's
 * speed with smaller output (quality 11 costs ~50× the CPU). Catalog and reference reads opt out
 * with `compress: false`: their bodies are compressed once by their read models.
 */
export async function registerCompression(api: FastifyInstance) {
  await api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies are small JSON; inflating them would only open a door to zip bombs.
    globalDecompression: false,
  });
}
