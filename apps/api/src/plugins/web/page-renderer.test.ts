import { describe, expect, it } from 'vitest';
import type { HtmlTemplate } from './html-template.ts';
import { PAGE_CACHE_LIMITS, QUERY_PAGE_CACHE_LIMITS, createPageRenderer } from './page-renderer.ts';
import type { SsrModule } from './ssr-module.ts';

/**
 * Issue 23 item 2: the renderer's two caches are bounded in bytes, not only in entries. A page
 * over the entry bound (a URL that made a page huge) is sent but never kept, and a flood of
 * made-up catalog searches holds at most the query cache's bytes. The page's size comes from the
 * URL here (`?kb=`), as the `$\`` pages' did; compression is real, so bytes are what is held.
 */
function renderer() {
  const ssr = {
    CURRENCY_COOKIE: 'currency',
    currencyFromCookie: () => 'USD',
    publicPageKey: (url: string) => url,
    lazyPageModules: () => [],
    // Text that compresses to almost nothing, so a page's bytes are its identity body.
    render: async ({ url }: { url: string }) => ({ status: 200, head: '', data: '{}', html: `${url}|`.padEnd(Number(new URL(url, 'http://x').searchParams.get('kb')) * 1024, 'x') }),
  } as unknown as SsrModule;
  const template = { page: (_head: string, markup: string) => markup } as unknown as HtmlTemplate;
  return createPageRenderer({ ssr, template, catalog: { snapshot: () => ({ version: 'v1', products: [], bySlug: () => undefined }) as never }, publicUrl: 'http://x' });
}

describe('page renderer cache bounds in bytes (issue 23 item 2)', () => {
  it('sends a page over the entry bound every time but never keeps it', async () => {
    const pages = renderer();
    const kb = PAGE_CACHE_LIMITS.entryBytes / 1024 + 1;
    for (const url of [`/products/huge?kb=${kb}`, `/products?q=huge&kb=${kb}`]) {
      expect((await pages.render(url, undefined))!.cache).toBe('miss');
      const again = await pages.render(url, undefined);
      expect(again!.cache).toBe('miss');
      expect(again!.body.identity.length).toBeGreaterThan(PAGE_CACHE_LIMITS.entryBytes);
    }
    expect(pages.cacheSizes()).toEqual({ pages: { entries: 0, bytes: 0 }, queries: { entries: 0, bytes: 0 } });
    expect((await pages.render('/products/small?kb=4', undefined))!.cache).toBe('miss');
    expect((await pages.render('/products/small?kb=4', undefined))!.cache).toBe('hit');
  });

  it('a flood of large search pages holds at most the query cache bytes, and leaves the other pages cached', async () => {
    const pages = renderer();
    await pages.render('/products/kept?kb=8', undefined);
    const kb = Math.floor((QUERY_PAGE_CACHE_LIMITS.entryBytes * 0.9) / 1024);
    const flood = Math.ceil(QUERY_PAGE_CACHE_LIMITS.totalBytes / (kb * 1024)) + 5;
    // Far fewer pages than the entry bound: only the byte bound can hold them back.
    expect(flood).toBeLessThan(QUERY_PAGE_CACHE_LIMITS.entries);
    for (let i = 0; i < flood; i += 1) await pages.render(`/products?q=flood${i}&kb=${kb}`, undefined);
    const { queries, pages: kept } = pages.cacheSizes();
    expect(queries.bytes).toBeLessThanOrEqual(QUERY_PAGE_CACHE_LIMITS.totalBytes);
    expect(queries.bytes).toBeGreaterThan(QUERY_PAGE_CACHE_LIMITS.totalBytes - 2 * kb * 1024);
    expect(queries.entries).toBeLessThan(flood);
    expect(kept.entries).toBe(1);
    expect((await pages.render('/products/kept?kb=8', undefined))!.cache).toBe('hit');
    // The newest search pages stayed, the oldest went.
    expect((await pages.render(`/products?q=flood${flood - 1}&kb=${kb}`, undefined))!.cache).toBe('hit');
    expect((await pages.render(`/products?q=flood0&kb=${kb}`, undefined))!.cache).toBe('miss');
  });
});
