import { encodeBody, type EncodedBody } from '../../lib/encoded-body.ts';

/** Products whose review pages are kept; past it the least recently used product is dropped. */
const MAX_PRODUCTS = 2000;
/** Pages kept per product (page and size combinations). */
const MAX_PAGES_PER_PRODUCT = 20;

/**
 * The public review pages of products as ready response bytes (with their gzip and brotli forms),
 * so a product page's reviews cost no query once read. Every review write announces its product
 * through the catalog (`app.catalog.changed`), in this process and, by NOTIFY, in the others:
 * `drop` forgets that product's pages. A read that started before a drop is not stored (the
 * generation check), so a page read from the database just before a write never outlives it.
 */
export class ReviewPagesCache {
  private readonly pages = new Map<string, Map<string, EncodedBody>>();
  private readonly generations = new Map<string, number>();
  private everything = 0;

  get(productId: string, pageKey: string): EncodedBody | undefined {
    const product = this.pages.get(productId);
    const body = product?.get(pageKey);
    if (product && body) {
      // Most recently used last.
      this.pages.delete(productId);
      this.pages.set(productId, product);
    }
    return body;
  }

  /** A token to pass to `put`: the page is stored only if nothing changed in between. */
  generation(productId: string): string {
    return `${this.everything}:${this.generations.get(productId) ?? 0}`;
  }

  async put(productId: string, pageKey: string, json: string, generation: string): Promise<EncodedBody> {
    const body = await encodeBody(json);
    if (generation !== this.generation(productId)) return body;
    let product = this.pages.get(productId);
    if (!product) {
      if (this.pages.size >= MAX_PRODUCTS) this.pages.delete(this.pages.keys().next().value!);
      product = new Map();
      this.pages.set(productId, product);
    }
    if (product.size >= MAX_PAGES_PER_PRODUCT) product.clear();
    product.set(pageKey, body);
    return body;
  }

  drop(productIds: readonly string[] | null): void {
    if (productIds === null) {
      this.everything += 1;
      this.pages.clear();
      this.generations.clear();
      return;
    }
    for (const id of productIds) {
      this.pages.delete(id);
      this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    }
  }
}
