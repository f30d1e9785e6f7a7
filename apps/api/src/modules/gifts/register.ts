import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { giftRoutes } from './gifts.routes.ts';
import { createGiftsService } from './gifts.service.ts';

/**
 * Gifts under /api (decision 0051). A gift is set on a cart line (cart module), issued with the
 * certificate when the order is paid (certificates/issue-certificates.ts, gift-delivery.ts), and
 * read and claimed here. Kept out of app.ts so that file changes by one line.
 */
export async function registerGifts(app: FastifyInstance, deps: { db: Database }) {
  const gifts = createGiftsService(deps);
  await app.register(async (api) => api.register(giftRoutes, { gifts }), { prefix: '/api' });
}
