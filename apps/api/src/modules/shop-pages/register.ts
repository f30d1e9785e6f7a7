import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Uploads } from '../uploads/uploads.service.ts';
import { createGalleries } from './galleries.service.ts';
import { galleryRoutes } from './galleries.routes.ts';
import { createProductCards } from './product-cards.ts';
import { createShopPages } from './shop-pages.service.ts';
import { shopPageRoutes } from './shop-pages.routes.ts';

/**
 * Business shop pages and user galleries under /api (spec §7 Product pages). Images go to the
 * one upload store (DATA_DIR/uploads, served at /uploads/<name> by the uploads module).
 */
export async function registerShopPages(app: FastifyInstance, deps: { db: Database; uploads: Uploads }) {
  const { uploads } = deps;
  const pages = createShopPages({ db: deps.db, uploads, cards: createProductCards(app.catalog) });
  const galleries = createGalleries({ db: deps.db, uploads });
  await app.register(
    async (api) => {
      await api.register(shopPageRoutes, { pages });
      await api.register(galleryRoutes, { galleries });
    },
    { prefix: '/api' },
  );
}
