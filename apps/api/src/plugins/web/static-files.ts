import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHits } from '../../lib/encoded-body.ts';
import { pickEncoding, type Encoding } from './encoding.ts';

/** Content types of what the web build holds; anything else goes out as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
};

/** One file of the build, in the encodings the build wrote for it (`.br`, `.gz` twins). */
export interface StaticFile {
  contentType: string;
  cacheControl: string;
  /** The encodings held; identity always. */
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  etags: Partial<Record<Encoding, string>>;
  /** Whether the answer depends on Accept-Encoding (a compressed twin exists). */
  varies: boolean;
}

/**
 * Every file of the built web app (apps/web/dist), read once at start-up: URL path → bytes in
 * each encoding, with content type, cache policy and ETags. Dot-directories (`.vite`) and the
 * compressed twins themselves are not served as files.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      files.set(urlPath, readStaticFile(full, urlPath));
    }
  };
  walk(root);
  return files;
}

function readStaticFile(full: string, urlPath: string): StaticFile {
  const identity = readFileSync(full);
  const bodies: StaticFile['bodies'] = { identity };
  if (existsSync(`${full}.br`)) bodies.br = readFileSync(`${full}.br`);
  if (existsSync(`${full}.gz`)) bodies.gzip = readFileSync(`${full}.gz`);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const etags: StaticFile['etags'] = {};
  for (const encoding of Object.keys(bodies) as Encoding[]) etags[encoding] = encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
  return {
    contentType: CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
    // Hashed build assets never change; everything else is revalidated.
    cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    bodies,
    etags,
    varies: Boolean(bodies.br || bodies.gzip),
  };
}

/**
 * Serves the web build from memory: one static route per file (GET, and HEAD through Fastify),
 * in the best encoding the client takes, with an ETag per encoding and 304 when the client has
 * it. Static files are most of a first visit's requests; holding them in memory spares each one
 * a filesystem stat and open (`@fastify/static` did both per request). A rebuilt web app is
 * picked up on restart, as the rendered pages' template already is.
 */
export function registerStaticFiles(app: FastifyInstance, root: string): number {
  const files = loadStaticFiles(root);
  for (const [urlPath, file] of files) {
    app.get(urlPath, { schema: { hide: true }, compress: false }, (request: FastifyRequest, reply: FastifyReply) => {
      const encoding = pickEncoding(request.headers['accept-encoding'], file.bodies);
      reply.header('content-type', file.contentType).header('cache-control', file.cacheControl).header('etag', file.etags[encoding]!);
      if (file.varies) reply.header('vary', 'Accept-Encoding');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatchHits(ifNoneMatch, Object.values(file.etags))) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(file.bodies[encoding]);
    });
  }
  return files.size;
}
