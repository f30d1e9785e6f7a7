import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Which of our encodings a client accepts, per Accept-Encoding header seen (browsers send a handful). */
const acceptedByHeader = new Map<string, { br: boolean; gzip: boolean }>();

function acceptedBy(acceptEncoding: string): { br: boolean; gzip: boolean } {
  const known = acceptedByHeader.get(acceptEncoding);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  const accepted = { br: allows('br'), gzip: allows('gzip') };
  // Bounded: made-up headers cannot grow it.
  if (acceptedByHeader.size < 100) acceptedByHeader.set(acceptEncoding, accepted);
  return accepted;
}

/**
 * The best encoding a client accepts among those at hand: brotli, then gzip, else none. `q=0`
 * refuses an encoding; `*` stands for any encoding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined, available: { br?: unknown; gzip?: unknown } = { br: true, gzip: true }): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = acceptedBy(acceptEncoding);
  if (available.br && accepted.br) return 'br';
  if (available.gzip && accepted.gzip) return 'gzip';
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
