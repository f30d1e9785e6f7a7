import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformMetricsResponseSchema } from '@app/contract';
import type { MetricsCache } from './metrics.cache.ts';

/** GET /v1/metrics (spec §7): public platform figures for the home page's metrics band. */
export const metricsRoutes: FastifyPluginAsyncZod<{ cache: MetricsCache; ttlSeconds: number }> = async (app, { cache, ttlSeconds }) => {
  app.get(
    '/v1/metrics',
    {
      schema: {
        tags: ['metrics'],
        summary: `Products in the catalog, paid orders, tonnes of CO2e retired and verified members (computed at most every ${ttlSeconds} s)`,
        response: { 200: platformMetricsResponseSchema },
      },
    },
    // Ready bytes: a Buffer skips the response serialiser (its shape is checked in metrics.test.ts).
    async (_request, reply) =>
      reply.header('cache-control', `public, max-age=${ttlSeconds}`).type('application/json; charset=utf-8').send((await cache.bytes()) as never),
  );
};
