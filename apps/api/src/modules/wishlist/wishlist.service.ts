import type { Product } from '@app/contract';
import { WISHLIST_MAX_ITEMS, type Wishlist, type WishlistAction } from '@app/contract/wishlist';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogSnapshot } from '../catalog/catalog.read-model.ts';
import type { WishlistChange, WishlistRepository } from './wishlist.repository.ts';

export interface WishlistUpdate {
  products: string[];
  action?: WishlistAction;
}

/**
 * The wishlist rules. Products come from the catalog read model (no query per product); the
 * list itself is the user's rows. Ids must be distinct and name products of the catalog; the
 * list holds at most WISHLIST_MAX_ITEMS products.
 */
export function createWishlistService(deps: { repo: WishlistRepository; catalog: () => CatalogSnapshot }) {
  return {
    async get(userId: string): Promise<Wishlist> {
      return present(await deps.repo.productIds(userId), deps.catalog());
    },

    async update(userId: string, update: WishlistUpdate): Promise<{ wishlist: Wishlist; message: string }> {
      const snapshot = deps.catalog();
      checkIds(update.products, productsById(snapshot));
      const ids = await deps.repo.change(userId, (current) => plan(current, update));
      return { wishlist: present(ids, deps.catalog()), message: messageFor(update) };
    },
  };
}
export type WishlistService = ReturnType<typeof createWishlistService>;

/** What to change, given the list as it is inside the transaction. */
export function plan(current: string[], update: WishlistUpdate): WishlistChange {
  const held = new Set(current);
  if (update.action === 'remove') return { remove: update.products.filter((id) => held.has(id)), add: [] };
  if (update.action === 'add') {
    const add = update.products.filter((id) => !held.has(id));
    if (current.length + add.length > WISHLIST_MAX_ITEMS) {
      throw new AppError('WISHLIST_FULL', `Your wishlist holds at most ${WISHLIST_MAX_ITEMS} products: remove some before adding more`);
    }
    return { remove: [], add };
  }
  // The spec's form: `products` is the whole new list (its length is capped by the body schema).
  const wanted = new Set(update.products);
  return { remove: current.filter((id) => !wanted.has(id)), add: update.products.filter((id) => !held.has(id)) };
}

function checkIds(ids: string[], byId: Map<string, Product>): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const id of ids) (seen.has(id) ? duplicates : seen).add(id);
  if (duplicates.size > 0) {
    const list = [...duplicates];
    throw new AppError('VALIDATION_FAILED', `Please check products: ${list.join(', ')} ${list.length === 1 ? 'is' : 'are'} listed more than once`, {
      fields: { products: list.map((id) => `${id} is listed more than once`) },
    });
  }
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Please check products: no product has the id ${unknown.join(', ')}`, {
      fields: { products: unknown.map((id) => `${id} is not a product of the shop`) },
    });
  }
}

function messageFor(update: WishlistUpdate): string {
  if (update.action === 'add') return 'Added To Wishlist';
  if (update.action === 'remove') return 'Removed From Wishlist';
  return update.products.length === 0 ? 'Removed All From Wishlist' : 'Wishlist updated';
}

/** Ids whose product left the catalog (deleted, not yet cascaded here) are left out. */
function present(ids: string[], snapshot: CatalogSnapshot): Wishlist {
  const byId = productsById(snapshot);
  const items: Product[] = [];
  for (const id of ids) {
    const product = byId.get(id);
    if (product) items.push(product);
  }
  return { products: items.map((product) => product.id), items };
}

// Snapshots never change, so one index per snapshot serves every request until the next change.
const indexes = new WeakMap<CatalogSnapshot, Map<string, Product>>();
function productsById(snapshot: CatalogSnapshot): Map<string, Product> {
  let index = indexes.get(snapshot);
  if (!index) {
    index = new Map(snapshot.products.map((product) => [product.id, product]));
    indexes.set(snapshot, index);
  }
  return index;
}
