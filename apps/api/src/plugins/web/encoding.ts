import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptedWeights, brotliWindowFor, type Encoding } from '../../lib/encoded-body.ts';

export type { Encoding };

/**
 * The best encoding a client accepts among those at hand: brotli, then gzip, else none. `q=0`
 * refuses an encoding; `*` stands for any encoding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined, available: { br?: unknown; gzip?: unknown } = { br: true, gzip: true }): Encoding {
  if (!acceptEncoding) return 'identity';
  const weights = acceptedWeights(acceptEncoding);
  if (available.br && weights.br > 0) return 'br';
  if (available.gzip && weights.gzip > 0) return 'gzip';
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
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length, [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(identity.length) } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}
