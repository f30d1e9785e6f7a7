import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding a client accepts: brotli, then gzip, else none. `q=0` refuses an encoding;
 * `*` stands for any encoding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** One response body in every encoding we send, compressed once when it is made. */
export interface EncodedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Brotli at quality 5: near its best ratio for HTML at a few milliseconds, since pages are compressed at run time. */
export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}
