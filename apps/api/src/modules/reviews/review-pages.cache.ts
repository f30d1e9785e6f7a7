import { encodeBody, type EncodedBody } from '../../lib/encoded-body.ts';

/** Products whose review pages are kept; past it a product not read lately is dropped. */
const MAX_PRODUCTS = 2000;
/** Pages kept per product (page and size combinations). */
const MAX_PAGES_PER_PRODUCT = 20;
/** Raw URLs remembered with the page they name; past it the index starts afresh (made-up URLs cannot grow it). */
const MAX_URLS = 1000;

/** One product's pages, and whether any was read since the last eviction sweep passed it. */
interface ProductPages {
  pages: Map<string, EncodedBody>;
  used: boolean;
}

/**
 * The public review pages of products as ready response bytes (with their gzip and brotli forms),
 * so a product page's reviews cost no query once read. Every review write announces its product
 * through the catalog (`app.catalog.changed`), in this process and, by NOTIFY, in the others:
 * `drop` forgets that product's pages. A read that started before a drop is not stored (the
 * generation check), so a page read from the database just before a write never outlives it.
 *
 * A raw URL answered before is found with one lookup (`byUrl`), ahead of routing's validation:
 * the read every product page makes. Eviction is "second chance": a read only sets a flag (no
 * reordering on the hot path), and the sweep keeps flagged products, clearing their flag.
 */
export class ReviewPagesCache {
  private readonly products = new Map<string, ProductPages>();
  private readonly urls = new Map<string, { product: ProductPages; productId: string; body: EncodedBody }>();
  private readonly generations = new Map<string, number>();
  private everything = 0;

  /** The page a raw URL named when it was answered, if that page is still current. */
  byUrl(url: string): EncodedBody | undefined {
    const known = this.urls.get(url);
    if (!known) return undefined;
    known.product.used = true;
    return known.body;
  }

  get(productId: string, pageKey: string): EncodedBody | undefined {
    const product = this.products.get(productId);
    const body = product?.pages.get(pageKey);
    if (product && body) product.used = true;
    return body;
  }

  /** Remembers that `url` names a page `get` or `put` just answered, so the next read skips validation. */
  rememberUrl(url: string, productId: string, body: EncodedBody): void {
    const product = this.products.get(productId);
    // Only a page still held: one dropped (or never stored) in between must not come back by URL.
    if (!product || ![...product.pages.values()].includes(body)) return;
    if (this.urls.size >= MAX_URLS) this.urls.clear();
    this.urls.set(url, { product, productId, body });
  }

  /** A token to pass to `put`: the page is stored only if nothing changed in between. */
  generation(productId: string): string {
    return `${this.everything}:${this.generations.get(productId) ?? 0}`;
  }

  async put(productId: string, pageKey: string, json: string, generation: string): Promise<EncodedBody> {
    const body = await encodeBody(json);
    if (generation !== this.generation(productId)) return body;
    let product = this.products.get(productId);
    if (!product) {
      if (this.products.size >= MAX_PRODUCTS) this.evictOne();
      product = { pages: new Map(), used: true };
      this.products.set(productId, product);
    }
    if (product.pages.size >= MAX_PAGES_PER_PRODUCT) this.forgetPages(productId, product);
    product.pages.set(pageKey, body);
    return body;
  }

  drop(productIds: readonly string[] | null): void {
    if (productIds === null) {
      this.everything += 1;
      this.products.clear();
      this.urls.clear();
      this.generations.clear();
      return;
    }
    for (const id of productIds) {
      const product = this.products.get(id);
      if (product) this.forgetPages(id, product);
      this.products.delete(id);
      this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    }
  }

  /** Drops the oldest product not read since the sweep last passed it (second chance). */
  private evictOne(): void {
    for (const [id, product] of this.products) {
      this.products.delete(id);
      if (product.used) {
        // Read lately: to the back of the line, flag cleared.
        product.used = false;
        this.products.set(id, product);
        continue;
      }
      this.forgetPages(id, product);
      return;
    }
  }

  /** Empties a product's pages and the URLs that name them. Writes and evictions only: rare. */
  private forgetPages(productId: string, product: ProductPages): void {
    product.pages.clear();
    for (const [url, known] of this.urls) if (known.productId === productId) this.urls.delete(url);
  }
}
