import type { Product } from '@app/contract';
import type { CatalogSnapshot } from '../catalog/catalog.read-model.ts';

const indexes = new WeakMap<CatalogSnapshot, Map<string, Product>>();

/** Products of a catalog snapshot by id, built once per snapshot (snapshots never change). */
export function productLookup(snapshot: CatalogSnapshot): (id: string) => Product | undefined {
  let index = indexes.get(snapshot);
  if (!index) {
    index = new Map(snapshot.products.map((product) => [product.id, product]));
    indexes.set(snapshot, index);
  }
  const map = index;
  return (id) => map.get(id);
}
