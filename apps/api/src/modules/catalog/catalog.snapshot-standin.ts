import type { Product } from '@app/contract';
import type { createCatalogService } from './catalog.service.ts';

/**
 * TEMPORARY stand-in for the catalog read model (catalog.read-model.ts, built in parallel on
 * the API side of issue 7). It exports the same CatalogSnapshot type so the web's server
 * rendering can be built and tested now; at merge, registerWeb receives `app.catalog` instead
 * and this file goes. Unlike the read model it is built once at start-up and never refreshed.
 */
export interface CatalogSnapshot {
  /** Changes whenever the catalog changes. */
  version: string;
  /** With details, sorted by id. */
  products: readonly Product[];
  bySlug(slug: string): Product | undefined;
}

export async function createCatalogSnapshotStandIn(catalog: ReturnType<typeof createCatalogService>): Promise<{ snapshot(): CatalogSnapshot }> {
  const products = Object.freeze(await catalog.listProducts({ withDetails: true }));
  const bySlug = new Map(products.map((product) => [product.slug, product]));
  const snapshot: CatalogSnapshot = {
    version: `standin-${Date.now()}`,
    products,
    bySlug: (slug) => bySlug.get(slug),
  };
  return { snapshot: () => snapshot };
}
