import type { FastifyInstance } from 'fastify';
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
  });
  app.addHook('onRequest', (request, reply, done) => applySecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

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

/** The stricter limit for login, registration, resends, resets and code checks. */
export function sensitiveRateLimit(config: Config) {
  return { max: config.rateLimitAuthMax, timeWindow: '1 minute' };
}
