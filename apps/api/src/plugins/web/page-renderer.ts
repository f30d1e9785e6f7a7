import type { Country } from '@app/contract';
import type { CatalogSnapshot } from '../../modules/catalog/catalog.read-model.ts';
import { encodeBody, type EncodedBody } from './encoding.ts';
import type { HtmlTemplate } from './html-template.ts';
import type { SsrModule } from './ssr-module.ts';

export interface PageResponse {
  status: number;
  body: EncodedBody;
  /** 'hit' when the page came from the cache. */
  cache: 'hit' | 'miss';
}

interface CachedPage {
  version: string;
  status: number;
  body: EncodedBody;
}

/** Pages kept at most: 44 products × 7 currencies is ~300; the bound only stops abuse. */
const MAX_CACHED_PAGES = 2000;
/**
 * Catalog pages with search, filters, sort or a page number: anyone can make up new ones, so
 * they have a cache of their own, least recently used dropped first, and cannot push the
 * home, catalog and product pages out.
 */
export const MAX_CACHED_QUERY_PAGES = 300;

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
  const cache = new Map<string, CachedPage>();
  const queryCache = new Map<string, CachedPage>();

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
        if (store === queryCache) {
          // Most recently used goes last.
          queryCache.delete(key);
          queryCache.set(key, cached);
        }
        return { status: cached.status, body: cached.body, cache: 'hit' };
      }

      const rendered = await ssr.render({ url: page, currency, catalog: snapshot, publicUrl, countries, acceptLanguage });
      if (!rendered) return null;
      const body = encodeBody(template.page(rendered.head, rendered.html, rendered.data, ssr.publicPageModules?.(page) ?? []));
      if (rendered.status === 200) {
        if (store === queryCache) {
          queryCache.delete(key);
          queryCache.set(key, { version: snapshot.version, status: rendered.status, body });
          if (queryCache.size > MAX_CACHED_QUERY_PAGES) queryCache.delete(queryCache.keys().next().value!);
        } else {
          if (cache.size >= MAX_CACHED_PAGES) cache.clear();
          cache.set(key, { version: snapshot.version, status: rendered.status, body });
        }
      }
      return { status: rendered.status, body, cache: 'miss' };
    },
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
