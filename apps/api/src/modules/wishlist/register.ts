import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createWishlistRepository } from './wishlist.repository.ts';
import { createWishlistService } from './wishlist.service.ts';
import { wishlistRoutes } from './wishlist.routes.ts';

/** Wishlists under /api, reading products from the catalog read model. Kept out of app.ts so that file changes by one line. */
export async function registerWishlist(app: FastifyInstance, deps: { db: Database }) {
  const wishlists = createWishlistService({ repo: createWishlistRepository(deps.db), catalog: () => app.catalog.snapshot() });
  await app.register(async (api) => api.register(wishlistRoutes, { wishlists }), { prefix: '/api' });
}
