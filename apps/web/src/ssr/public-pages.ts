import { matchPath } from 'react-router';
import { parseKind, type ShopKind } from '../app/nav-items.ts';
import { canonicalCatalogSearch, catalogKind } from '../features/products/catalog-url.ts';

/** The pages the server renders: the shop's public pages. Everything else gets the app shell. */
export type PublicPage =
  | { page: 'home'; kind: ShopKind }
  | { page: 'catalog'; kind: ShopKind; /** The search, normalised (canonicalCatalogSearch). */ search: string }
  | { page: 'product'; slug: string };

export function matchPublicPage(pathname: string, search: URLSearchParams): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { page: 'home', kind: parseKind(search.get('kind')) };
  if (path === '/products') return { page: 'catalog', kind: catalogKind(search), search: canonicalCatalogSearch(search) };
  const product = matchPath('/products/:slug', path);
  if (product?.params.slug) return { page: 'product', slug: product.params.slug };
  return null;
}

/**
 * The URL a page is rendered and cached under: only what changes the page counts, so
 * `/?utm_source=x` shares the entry of `/`. Catalog filters do change the page: the renderer
 * keeps those pages in a bounded cache of their own (apps/api/src/plugins/web/page-renderer.ts).
 */
export function canonicalPath(page: PublicPage): string {
  switch (page.page) {
    case 'home':
      return page.kind ? `/?kind=${page.kind}` : '/';
    case 'catalog':
      return page.search ? `/products?${page.search}` : '/products';
    case 'product':
      return `/products/${encodeURIComponent(page.slug)}`;
  }
}
