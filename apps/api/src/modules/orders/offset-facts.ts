import type { CatalogHandle } from '../catalog/catalog.events.ts';

/** What a certificate says of its offset project, as the placement read answers it (migration 0038). */
export interface OffsetFact {
  product_id: string;
  project_name: string;
  product_slug: string;
  standard_name: string | null;
  country: string | null;
  project_valid_until: string | null;
  vintage: number | null;
}

/** Enough offset products for any catalog; past it the facts start again from empty. */
const LIMIT = 10_000;

/**
 * The offset facts the placement read last answered, per product, so that an order placed from
 * the cart this process last saw needs no read (issue 28): the text is the database's own (its
 * standards joined and sorted, its country names), never re-derived here. A change to a product
 * other than its stock (a name, a standard, a country) forgets it, here and, through the
 * catalog's NOTIFY, on every other host; a fact read while such a change was announced is not
 * kept, so a read that started before an edit cannot put the old text back.
 */
export function createOffsetFacts(catalog: Pick<CatalogHandle, 'onChange'>) {
  const facts = new Map<string, OffsetFact>();
  let generation = 0;
  catalog.onChange((productIds, stockOnly) => {
    if (stockOnly) return;
    generation += 1;
    if (productIds === null) facts.clear();
    else for (const id of productIds) facts.delete(id);
  });
  return {
    /** Taken before a read; `remember` keeps what the read answered only if nothing changed since. */
    generation: () => generation,
    remember(offsets: readonly OffsetFact[], readAt: number): void {
      if (readAt !== generation) return;
      if (facts.size + offsets.length > LIMIT) facts.clear();
      for (const offset of offsets) facts.set(offset.product_id, offset);
    },
    get(productId: string): OffsetFact | undefined {
      return facts.get(productId);
    },
  };
}
export type OffsetFacts = ReturnType<typeof createOffsetFacts>;
