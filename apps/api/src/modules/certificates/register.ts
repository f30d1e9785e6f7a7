import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { certificateRoutes } from './certificates.routes.ts';
import { createCertificatesService } from './certificates.service.ts';

/**
 * Retirement certificates under /api. They are issued by the checkout, inside the transaction
 * that marks an order paid (issue-certificates.ts); these routes only read them. Kept out of
 * app.ts so that file changes by one line.
 */
export async function registerCertificates(app: FastifyInstance, deps: { db: Database; publicUrl: string }) {
  const certificates = createCertificatesService(deps);
  await app.register(async (api) => api.register(certificateRoutes, { certificates }), { prefix: '/api' });
}
