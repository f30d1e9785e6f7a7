import { negotiateEncoding, type EncodedBody, type Encoding } from '../../lib/encoded-body.ts';

/**
 * One impact answer (a badge or an impact JSON) ready to send: the body in each encoding and the
 * response headers of each, worked out once when the read model builds the page, so a read only
 * picks the encoding and writes (issue 27.3: the badge is served near the bare-route ceiling).
 */
export interface PreparedAnswer {
  body: EncodedBody;
  /** Headers of a 200 per encoding (content-type, content-encoding, caching, ETag). */
  ok: Record<Encoding, Record<string, string>>;
  /** Headers of a 304: the caching ones and the ETag, no content headers. */
  notModified: Record<Encoding, Record<string, string>>;
}

/**
 * Browsers and the sites embedding a badge may keep it a minute, then revalidate (304 on the
 * ETag): a new or voided certificate shows within a minute everywhere, at once here.
 */
export const IMPACT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

const ENCODINGS: Encoding[] = ['identity', 'gzip', 'br'];

export function prepareAnswer(body: EncodedBody, contentType: string, extra: Record<string, string> = {}): PreparedAnswer {
  const ok = {} as PreparedAnswer['ok'];
  const notModified = {} as PreparedAnswer['notModified'];
  for (const encoding of ENCODINGS) {
    const caching = { vary: 'Accept-Encoding', 'cache-control': IMPACT_CACHE_CONTROL, etag: body.etag[encoding], ...extra };
    notModified[encoding] = caching;
    ok[encoding] = { ...caching, 'content-type': contentType, ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }) };
  }
  return { body, ok, notModified };
}

/** Whether If-None-Match names this answer in any encoding (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string, body: EncodedBody): boolean {
  if (ifNoneMatch === body.etag.identity || ifNoneMatch === body.etag.br || ifNoneMatch === body.etag.gzip) return true;
  if (ifNoneMatch.trim() === '*') return true;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === body.etag.identity || tag === body.etag.gzip || tag === body.etag.br) return true;
  }
  return false;
}

/** The minimal reply surface used here (Fastify's reply), so the answer can be sent from a hook or a handler. */
interface Reply {
  headers(values: Record<string, string>): Reply;
  code(status: number): Reply;
  send(payload?: Buffer): unknown;
}

/** Sends a prepared answer: 304 when the client has it, else the bytes in the negotiated encoding. */
export function sendPrepared(headers: Record<string, string | string[] | undefined>, reply: Reply, answer: PreparedAnswer) {
  const encoding = negotiateEncoding(headers['accept-encoding'] as string | undefined);
  const ifNoneMatch = headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, answer.body)) return reply.headers(answer.notModified[encoding]).code(304).send();
  return reply.headers(answer.ok[encoding]).send(answer.body[encoding]);
}
