import type { Currency } from '@app/contract/money';
import type { CatalogSeed } from '../features/products/api/catalog-cache.ts';
import type { QuerySeed } from '../app/query-seed.ts';

/**
 * What a server-rendered page hands the browser so hydration starts from exactly the state the
 * server rendered: the display currency and the catalog data it rendered (the product list, or
 * the one product of a product page). It travels in `<script type="application/json" id="ssr-data">`, a data island the CSP allows
 * (it is never executed), read by main.tsx before hydrating.
 */
export const SSR_DATA_ID = 'ssr-data';

export interface SsrData {
  currency: Currency;
  catalog: CatalogSeed;
  /** Query data of a page that uses TanStack Query (the calculator's countries), by query key. */
  queries?: QuerySeed;
  /** The languages the page was rendered for (the calculator's default country), see visitor-languages.ts. */
  languages?: string[];
}

/**
 * JSON safe inside a <script> element: `<` is escaped so no `</script>` or `<!--` in a product
 * text can end the element early; U+2028/2029 are escaped for old JavaScript parsers.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads the island; null when the page was not server-rendered (the app shell). */
export function readSsrData(doc: Document): SsrData | null {
  const island = doc.getElementById(SSR_DATA_ID);
  if (!island?.textContent) return null;
  try {
    return JSON.parse(island.textContent) as SsrData;
  } catch {
    return null;
  }
}
