import type { ReactNode } from 'react';
import { CatalogCacheProvider } from '../features/products/api/use-catalog.ts';
import type { CatalogCache } from '../features/products/api/catalog-cache.ts';

/**
 * App-wide providers. Client state (session, currency, cart count, toasts) are stores and need
 * none; the catalog cache comes from main.tsx (seeded from a server-rendered page) or the server.
 * TanStack Query is not here: the lazy pages that use it bring it (app/query-provider.tsx).
 */
export function Providers({ children, catalog }: { children: ReactNode; catalog: CatalogCache }) {
  return <CatalogCacheProvider cache={catalog}>{children}</CatalogCacheProvider>;
}
