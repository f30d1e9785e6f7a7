import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { findPaidPurchases } from '../orders/purchases.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { ReviewPagesCache } from './review-pages.cache.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { createReviewsService } from './reviews.service.ts';

/**
 * Product reviews under /api. Every write tells the catalog read model, so products'
 * averageRating and reviewCount are fresh as soon as the write answers. Kept out of app.ts so
 * that file changes by one line.
 */
export async function registerReviews(app: FastifyInstance, deps: { db: Database }) {
  const reviews = createReviewsService({
    repo: createReviewsRepository(deps.db),
    purchases: (query) => findPaidPurchases(deps.db, query),
    changed: (productIds) => app.catalog.changed(productIds),
    productExists: (productId) => app.catalog.snapshot().products.some((product) => product.id === productId),
  });
  // Review writes announce their product through the catalog, here and in other processes. A
  // stock-only change (an order) changes nothing a review page shows, so its pages stay.
  const pages = new ReviewPagesCache();
  app.catalog.onChange((productIds, stockOnly) => {
    if (!stockOnly) pages.drop(productIds);
  });
  await app.register(async (api) => api.register(reviewRoutes, { reviews, pages }), { prefix: '/api' });
}
