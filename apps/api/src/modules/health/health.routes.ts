import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelopeSchema } from '@app/contract';
import { z } from 'zod';
import { send } from '../../plugins/error-handler.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('reachable'),
  databaseKind: z.enum(['postgresql', 'pglite']),
  mail: z.string(),
  payments: z.string(),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void>; kind: 'postgresql' | 'pglite'; modes: { mail: string; payments: string } }> = async (
  app,
  { ping, kind, modes },
) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability (503 when the database cannot be reached)',
        response: { 200: dataEnvelope(healthSchema), 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return send(reply, request, 'SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      return {
        success: true as const,
        data: { status: 'ok' as const, database: 'reachable' as const, databaseKind: kind, mail: modes.mail, payments: modes.payments, uptimeSeconds: Math.round(process.uptime()) },
      };
    },
  );
};
