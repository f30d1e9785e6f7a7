import type { Product } from '@app/contract';
import type { ProductCardData } from '@app/contract/shop-pages';
import type { CatalogHandle } from '../catalog/catalog.events.ts';
import type { CatalogSnapshot } from '../catalog/catalog.read-model.ts';

/**
 * Product cards from the catalog read model, never one query per product: the snapshot holds
 * every product; this keeps an id → card map per snapshot (a snapshot never changes, so the map
 * is built once per catalog change and dropped with it).
 */
export function createProductCards(catalog: Pick<CatalogHandle, 'snapshot'>) {
  const maps = new WeakMap<CatalogSnapshot, Map<string, ProductCardData>>();

  function cardsById(): Map<string, ProductCardData> {
    const snapshot = catalog.snapshot();
    let map = maps.get(snapshot);
    if (!map) {
      map = new Map(snapshot.products.map((product: Product) => [product.id, toCard(product)]));
      maps.set(snapshot, map);
    }
    return map;
  }

  return {
    /** Cards for these ids, in their order; ids the catalog no longer shows are left out. */
    cards(ids: readonly string[]): ProductCardData[] {
      const map = cardsById();
      return ids.flatMap((id) => map.get(id) ?? []);
    },
    card: (id: string): ProductCardData | undefined => cardsById().get(id),
    /** The ids among these that the catalog does not know. */
    unknown: (ids: readonly string[]): string[] => {
      const map = cardsById();
      return ids.filter((id) => !map.has(id));
    },
  };
}
export type ProductCards = ReturnType<typeof createProductCards>;

function toCard(product: Product): ProductCardData {
  const { details: _details, ...card } = product;
  return card;
}
