import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createWishlistRepository } from './wishlist.repository.ts';
import { createWishlistService } from './wishlist.service.ts';
import { wishlistRoutes } from './wishlist.routes.ts';
import { CATALOG_TAG } from '../../plugins/personal-reads.ts';

/** Wishlists under /api, reading products from the catalog read model. Kept out of app.ts so that file changes by one line. */
export async function registerWishlist(app: FastifyInstance, deps: { db: Database }) {
  const wishlists = createWishlistService({ repo: createWishlistRepository(deps.db), catalog: () => app.catalog.snapshot() });
  // Kept wishlists show products' prices and stock: a catalog change forgets them all (decision 0062).
  app.catalog.onChange(() => app.personalReads.forgetTag(CATALOG_TAG));
  await app.register(async (api) => api.register(wishlistRoutes, { wishlists }), { prefix: '/api' });
}
