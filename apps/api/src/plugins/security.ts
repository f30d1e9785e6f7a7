import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Security headers, CORS (off unless CORS_ORIGIN is set) and the global rate limit.
 * Sensitive routes tighten the limit with `config: { rateLimit: sensitiveRateLimit(config) }`.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // helmet's middleware is built once, with every header value precomputed; @fastify/helmet
  // rebuilt it (parsing the CSP) on every request, a sixth of a catalog read's time.
  const applySecurityHeaders = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) => {
    addHsts(request, reply);
    applySecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  if (config.corsOrigin) {
    await app.register(cors, { origin: config.corsOrigin.split(',').map((o) => o.trim()), credentials: false });
  }

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      Object.assign(new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`), { statusCode: 429 }),
  });
}

const HSTS = 'max-age=31536000; includeSubDomains';

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
