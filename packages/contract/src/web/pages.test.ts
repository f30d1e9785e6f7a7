import { describe, expect, it } from 'vitest';
import { STOREFRONT_PAGES, createPageMatcher, isWebPage, pagePatterns } from './pages.ts';

describe('the web app pages list', () => {
  it.each(['/', '/products', '/products/', '/products/solar-lamp', '/PRODUCTS', '/account/orders/3f2a', '/other/checkout/complete/abc', '/events/CLIMATESUM-WHA4GS/', '/login'])('%s is a page', (path) => {
    expect(isWebPage(path)).toBe(true);
  });

  it.each(['/admin', '/admin/products', '/nope', '/products/a/b', '/account/nope', '/events', '/events/', '/other', '//products', '/products/..', '/products/.', '/productsx', '/_app'])('%s is not', (path) => {
    expect(isWebPage(path)).toBe(false);
  });

  it('lists each page once, as a full pattern', () => {
    const patterns = pagePatterns();
    expect(new Set(patterns).size).toBe(STOREFRONT_PAGES.length);
    expect(patterns).toContain('/');
    expect(patterns).toContain('/account/orders/:id');
  });

  it('takes an area with its own prefix and sub-pages (the operator console)', () => {
    const withConsole = createPageMatcher([
      { prefix: '', pages: STOREFRONT_PAGES },
      { prefix: '/admin', pages: ['', 'products', 'products/:id'] },
    ]);
    for (const path of ['/admin', '/admin/', '/admin/products', '/admin/products/42', '/products']) expect(withConsole(path), path).toBe(true);
    for (const path of ['/admin/nope', '/admin/products/42/x', '/adminx', '/admin/products/..']) expect(withConsole(path), path).toBe(false);
  });
});
