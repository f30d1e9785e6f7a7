import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

/** One response body, ready to send in each encoding, with the ETag of each. */
export interface EncodedBody {
  /** Hash of the JSON bytes; the ETags below are derived from it. */
  hash: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: Record<Encoding, string>;
}

/**
 * Brotli quality for bodies compressed once per catalog change (not per request). 9 is within a
 * few percent of 11's size on catalog JSON at a fraction of its time, so a stock change in a busy
 * shop does not keep a core busy. Compression runs on libuv's thread pool, not the event loop.
 */
const BROTLI_QUALITY = 9;

/**
 * The smallest brotli window (log2 of its size, 10–24) that holds `length` bytes. Brotli's
 * default window is 4 MB whatever the input, and at quality 9 setting up its tables for that
 * window is most of the work on a body of a few KB: a 3 KB product page took 9 ms with the
 * default and 1.7 ms with a window fitted to it, with output of the same size (a window larger than
 * the body finds nothing more to refer back to). Measured in `docs/speed.md`.
 */
export function brotliWindowFor(length: number): number {
  // A window of 2^n bytes holds 2^n − 16 bytes of history (RFC 7932 §9.1).
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(length + 16))));
}

export async function encodeBody(json: string): Promise<EncodedBody> {
  const identity = Buffer.from(json, 'utf8');
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(identity.length),
      },
    }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  // A strong ETag names one representation, so each encoding has its own (RFC 9110 §8.8.3).
  return { hash, identity, gzip: gz, br, etag: { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` } };
}

const ENCODING_PREFERENCE: Encoding[] = ['br', 'gzip', 'identity'];
const weightsByHeader = new Map<string, Record<Encoding, number>>();

/**
 * The q-value an Accept-Encoding header gives br, gzip and identity (`*` stands for those not
 * named; identity is acceptable unless refused, RFC 9110 §12.5.3). Browsers send a handful of
 * distinct headers, so answers are remembered (up to 100 headers; made-up ones cannot grow it).
 * The one parser of the header: API bodies and the web app's pages and files choose by it.
 */
export function acceptedWeights(header: string): Readonly<Record<Encoding, number>> {
  const known = weightsByHeader.get(header);
  if (known) return known;
  const q: Partial<Record<string, number>> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') weight = Number.isFinite(Number(value)) ? Number(value) : 0;
    }
    q[name] = weight;
  }
  const weights = { br: 0, gzip: 0, identity: 0 };
  for (const encoding of ENCODING_PREFERENCE) weights[encoding] = q[encoding] ?? q['*'] ?? (encoding === 'identity' ? 0.001 : 0);
  if (weightsByHeader.size < 100) weightsByHeader.set(header, weights);
  return weights;
}

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q-value among br, gzip
 * and identity, br before gzip on ties. identity is the fallback even when refused, since every
 * client can read it.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const weights = acceptedWeights(header);
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of ENCODING_PREFERENCE) {
    if (weights[encoding] > bestWeight) {
      best = encoding;
      bestWeight = weights[encoding];
    }
  }
  return best;
}

/** Whether an If-None-Match header names one of `etags` (weak comparison, as RFC 9110 asks). */
export function ifNoneMatchHits(ifNoneMatch: string, etags: readonly string[]): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  for (const raw of ifNoneMatch.split(',')) {
    if (etags.includes(raw.trim().replace(/^W\//, ''))) return true;
  }
  return false;
}

/**
 * Sends a ready body: 304 when the client already has it, otherwise the bytes in the negotiated
 * encoding. The default `no-cache` lets browsers keep a copy but ask each time (stock and prices
 * change); reference data that changes only with a re-seed passes a longer `cacheControl`.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, cacheControl = 'no-cache') {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'Accept-Encoding').header('cache-control', cacheControl).header('etag', body.etag[encoding]);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatchHits(ifNoneMatch, [body.etag.identity, body.etag.gzip, body.etag.br])) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]);
}
