import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import type { Config } from '../config.ts';
import { registerRateLimit, type RateLimitHook } from './rate-limit.ts';

/**
 * Security headers, CORS (off unless CORS_ORIGIN is set) and the global rate limit.
 * Sensitive routes tighten the limit with `config: { rateLimit: sensitiveRateLimit(config) }`.
 * Answers the global limit's hook, for the not-found handler (routes get theirs by themselves).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<RateLimitHook> {
  // helmet decides the headers; it runs once, here, and every answer gets its result from one
  // sync hook (with the request id) instead of helmet's middleware wrapper per request.
  const securityHeaders = recordHelmetHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and React set some styles at run time; no inline scripts are allowed.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Set below, only over https: over plain http the header is meaningless and pins nothing.
      strictTransportSecurity: false,
    }),
  );
  app.addHook('onRequest', function stampResponseHeaders(request, reply, done) {
    stampHeaders(request, reply, securityHeaders);
    done();
  });

  if (config.corsOrigin) {
    await app.register(cors, { origin: config.corsOrigin.split(',').map((o) => o.trim()), credentials: false });
  }

  // Shared by every API process on PostgreSQL; in memory on PGlite, which only one process opens.
  const sharedDatabase = app.database.kind === 'postgresql' ? app.database.db : undefined;
  return registerRateLimit(app, { max: config.rateLimitMax, timeWindow: '1 minute', sharedDatabase });
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Header names and values, lower-case, in the order they are set. */
export interface HeaderList {
  names: readonly string[];
  values: readonly string[];
}

/**
 * The headers a helmet middleware sets, found by running it once against a response that only
 * records them. Our helmet options have no per-request parts (no CSP nonces), so every request
 * would get exactly these; `security-headers.test.ts` compares them with helmet run per request.
 */
export function recordHelmetHeaders(middleware: ReturnType<typeof helmet>): HeaderList {
  const recorded = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => recorded.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => recorded.delete(name.toLowerCase()),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously; its headers cannot be precomputed');
  return { names: [...recorded.keys()], values: [...recorded.values()] };
}

/** Security headers, HSTS over https and the request id: what every answer carries, set as the request arrives. */
function stampHeaders(request: FastifyRequest, reply: FastifyReply, headers: HeaderList) {
  const { names, values } = headers;
  for (let i = 0; i < names.length; i += 1) reply.header(names[i]!, values[i]);
  reply.header('x-request-id', request.id);
  addHsts(request, reply);
}

/** HSTS over https only; request.protocol follows X-Forwarded-Proto only when TRUST_PROXY is on. */
function addHsts(request: FastifyRequest, reply: FastifyReply) {
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/**
 * Headers for answers Fastify gives before routing (bad URL encoding, over-long parameters),
 * where no hook runs: the strictest set, since such an answer is only ever an error envelope.
 */
export const ERROR_ONLY_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export function setRouterErrorHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.headers({ ...ERROR_ONLY_SECURITY_HEADERS, 'x-request-id': request.id });
  addHsts(request, reply);
}

/** The stricter limit for login, registration, resends, resets and code checks. */
export function sensitiveRateLimit(config: Config) {
  return { max: config.rateLimitAuthMax, timeWindow: '1 minute' };
}
