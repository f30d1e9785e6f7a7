import { matchPath } from 'react-router';
import { parseKind, type ShopKind } from '../app/nav-items.ts';
import { canonicalCatalogSearch, catalogKind } from '../features/products/catalog-url.ts';

/** The pages the server renders: the shop's public pages, the login page and the carbon calculator. Everything else gets the app shell. */
export type PublicPage =
  | { page: 'home'; kind: ShopKind }
  | { page: 'catalog'; kind: ShopKind; /** The search, normalised (canonicalCatalogSearch). */ search: string }
  | { page: 'product'; slug: string }
  | { page: 'login'; tab: 'login' | 'register' }
  | { page: 'calculator' };

export function matchPublicPage(pathname: string, search: URLSearchParams): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { page: 'home', kind: parseKind(search.get('kind')) };
  if (path === '/products') return { page: 'catalog', kind: catalogKind(search), search: canonicalCatalogSearch(search) };
  const product = matchPath('/products/:slug', path);
  if (product?.params.slug) return { page: 'product', slug: product.params.slug };
  if (path === '/login') return matchLoginPage(search);
  // The calculator reads nothing from its address: any query shares the one page.
  if (path === '/carbon-calculator') return { page: 'calculator' };
  return null;
}

/**
 * /login and /login?tab=register, the addresses a visitor opens. Anything else in the address
 * (next=, email=, loggedIn=false, a join code) changes what the page shows or does on arrival,
 * from the browser's storage: such a visit gets the app shell and renders there.
 */
function matchLoginPage(search: URLSearchParams): PublicPage | null {
  const keys = [...search.keys()];
  if (keys.length === 0) return { page: 'login', tab: 'login' };
  if (keys.length === 1 && keys[0] === 'tab' && search.get('tab') === 'register') return { page: 'login', tab: 'register' };
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
    case 'login':
      return page.tab === 'register' ? '/login?tab=register' : '/login';
    case 'calculator':
      return '/carbon-calculator';
  }
}
