import { Suspense, lazy, useState } from 'react';
import type { CatalogBrowser as CatalogBrowserType, CatalogBrowserProps } from './CatalogBrowser.tsx';
import { ProductCardSkeleton } from './ProductCardSkeleton.tsx';

/**
 * The catalog browser (search, filters, sort, pages) is its own chunk, so the home and product
 * pages do not download it. A server-rendered /products page preloads it with the entry (the
 * server adds its modulepreload and CSS), and main.tsx waits for it before hydrating, so the
 * first render matches the server's markup; a visit from another page shows skeletons for the
 * moment it loads. `module` is its key in Vite's manifest.
 */
export const CATALOG_BROWSER_MODULE = 'src/features/products/components/CatalogBrowser.tsx';

let loaded: typeof CatalogBrowserType | undefined;
let loading: Promise<typeof CatalogBrowserType> | undefined;

export function loadCatalogBrowser(): Promise<typeof CatalogBrowserType> {
  loading ??= import('./CatalogBrowser.tsx').then((module) => (loaded = module.CatalogBrowser));
  return loading;
}

const LazyBrowser = lazy(async () => ({ default: await loadCatalogBrowser() }));

function Fallback() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading products…
      </p>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CatalogBrowserSlot(props: CatalogBrowserProps) {
  // Decided once per mount, so the tree does not switch (and remount) when the chunk arrives.
  const [Ready] = useState(() => loaded);
  if (Ready) return <Ready {...props} />;
  return (
    <Suspense fallback={<Fallback />}>
      <LazyBrowser {...props} />
    </Suspense>
  );
}
