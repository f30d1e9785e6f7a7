import type { Country } from '@app/contract';
import type { CatalogSnapshot } from '../../modules/catalog/catalog.read-model.ts';
import { encodeBody, type EncodedBody } from './encoding.ts';
import { PageCache } from './page-cache.ts';
import type { HtmlTemplate } from './html-template.ts';
import type { SsrModule } from './ssr-module.ts';

export interface PageResponse {
  status: number;
  body: EncodedBody;
  /** 'hit' when the page came from the cache. */
  cache: 'hit' | 'miss';
}

/**
 * Pages kept at most: 44 products × 7 currencies is ~300; the bound only stops abuse. A page is
 * ~40–150 KB in its three encodings, so the byte bounds hold room for every normal page.
 */
export const PAGE_CACHE_LIMITS = { entries: 2000, entryBytes: 1024 * 1024, totalBytes: 96 * 1024 * 1024 } as const;
/**
 * Catalog pages with search, filters, sort or a page number: anyone can make up new ones, so
 * they have a cache of their own, least recently used dropped first, and cannot push the
 * home, catalog and product pages out.
 */
export const QUERY_PAGE_CACHE_LIMITS = { entries: 300, entryBytes: 1024 * 1024, totalBytes: 32 * 1024 * 1024 } as const;
export const MAX_CACHED_QUERY_PAGES = QUERY_PAGE_CACHE_LIMITS.entries;

/** Whether a page key is a catalog query page (anything past `?kind=`). */
function isQueryPage(key: string): boolean {
  return key.startsWith('/products?') && !/^\/products\?kind=(?:offset|goods)$/.test(key);
}

/**
 * Renders the public pages and keeps each rendered page, already compressed, per
 * (page, currency) until the catalog snapshot's version changes. Rendering a page takes a few
 * milliseconds and compressing it a few more; a cached page is sent as stored bytes.
 * Not-found pages are rendered every time, so made-up slugs cannot fill the cache. Catalog
 * query pages (filters, sort, page) are keyed by their normalised search and kept apart, bounded.
 */
export function createPageRenderer(options: {
  ssr: SsrModule;
  template: HtmlTemplate;
  catalog: { snapshot(): CatalogSnapshot };
  publicUrl: string;
  /** The calculator's country list (reference data: fixed while the process runs). */
  countries?: readonly Country[];
}) {
  const { ssr, template, catalog, publicUrl, countries } = options;
  const cache = new PageCache(PAGE_CACHE_LIMITS);
  const queryCache = new PageCache(QUERY_PAGE_CACHE_LIMITS);

  return {
    /** The page at `url` in the currency the cookie names; null when the URL is not a public page. */
    async render(url: string, currencyCookie: string | undefined, acceptLanguage?: string): Promise<PageResponse | null> {
      const page = ssr.publicPageKey(url);
      if (!page) return null;
      const snapshot = catalog.snapshot();
      const currency = ssr.currencyFromCookie(currencyCookie);
      const variant = ssr.pageVariant?.(page, acceptLanguage, countries) ?? '';
      const key = `${page}|${currency}|${variant}`;
      const store = isQueryPage(page) ? queryCache : cache;
      const cached = store.get(key);
      if (cached && cached.version === snapshot.version) {
        return { status: cached.status, body: cached.body, cache: 'hit' };
      }

      const rendered = await ssr.render({ url: page, currency, catalog: snapshot, publicUrl, countries, acceptLanguage });
      if (!rendered) return null;
      const body = encodeBody(template.page(rendered.head, rendered.html, rendered.data, ssr.publicPageModules?.(page) ?? []));
      if (rendered.status === 200) store.set(key, { version: snapshot.version, status: rendered.status, body });
      return { status: rendered.status, body, cache: 'miss' };
    },
    /** Pages and bytes each cache holds now (tests and diagnostics). */
    cacheSizes: () => ({ pages: { entries: cache.size, bytes: cache.heldBytes }, queries: { entries: queryCache.size, bytes: queryCache.heldBytes } }),
  };
}

/** Reads one cookie from a Cookie header (no cookie plugin is registered; this is the only one the web plugin reads). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
