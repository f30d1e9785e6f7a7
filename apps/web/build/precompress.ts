import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const zlibGzip = promisify(gzip);

/** Scripts and styles get Zopfli's smaller gzip; other files (SVG, HTML, JSON) zlib's, as Zopfli is slow on them for little gain. */
const ZOPFLI = /\.(js|mjs|css)$/;

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` beside every compressible file of the client
 * build, once at build time, so the server sends them as they are (@fastify/static's
 * preCompressed option) instead of compressing on every request. The gzip files come from
 * Zopfli: the same format every client reads, about 3% smaller than zlib's level 9 (the entry
 * chunk: 94.4 → 91.3 KB), for ~1 s of build time on the largest file; browsers without
 * brotli, and the JavaScript budget, get the smaller file.
 */
export function precompress(): Plugin {
  let outDir = '';
  let skip = false;
  return {
    name: 'carbonwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr); // the server bundle is read from disk, never sent
    },
    async closeBundle() {
      if (skip) return;
      for await (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          ZOPFLI.test(file) ? zopfliGzip(content, { numiterations: 5 }) : zlibGzip(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }
    },
  };
}
