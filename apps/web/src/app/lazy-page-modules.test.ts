import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_PAGE_MODULES, NOT_FOUND_PAGE_MODULE, QUERY_PROVIDER_MODULE, SERVER_PAGE_MODULES, lazyPageModules } from './lazy-page-modules.ts';
import { LAZY_PAGES } from './routes.tsx';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('the server-side list of lazy page modules', () => {
  it('names, for every lazy page, the very module the page loads', async () => {
    expect(Object.keys(LAZY_PAGE_MODULES).sort()).toEqual(LAZY_PAGES.map((page) => page.path).sort());
    for (const page of LAZY_PAGES) {
      const loaded = await page.load();
      const named = await import(/* @vite-ignore */ path.join(webRoot, LAZY_PAGE_MODULES[page.path]));
      expect(loaded, page.path).toBe(named);
      expect(named[page.name], `${page.path} exports ${page.name}`).toBeTypeOf('function');
    }
  }, 60_000);

  it('names the not-found page the catch-all route draws (preloaded with the 404 shell)', async () => {
    const named = await import(/* @vite-ignore */ path.join(webRoot, NOT_FOUND_PAGE_MODULE));
    expect(named.NotFoundPage).toBeTypeOf('function');
  });

  it('answers the modules to preload for an address', () => {
    expect(lazyPageModules('/events/ABC-123/')).toEqual([LAZY_PAGE_MODULES['events/:code'], QUERY_PROVIDER_MODULE]);
    expect(lazyPageModules('/other/my-business-account')).toEqual([LAZY_PAGE_MODULES['other/my-business-account'], QUERY_PROVIDER_MODULE]);
    expect(lazyPageModules('/products')).toEqual([]);
    expect(lazyPageModules('/events/')).toEqual([]);
    expect(lazyPageModules('/login')).toEqual([...SERVER_PAGE_MODULES.login]);
    expect(lazyPageModules('/login/')).toEqual([...SERVER_PAGE_MODULES.login]);
    expect(lazyPageModules('/login/x')).toEqual([]);
    expect(lazyPageModules('/carbon-calculator')).toEqual(['src/app/routes/CarbonCalculatorRoute.tsx', QUERY_PROVIDER_MODULE]);
    expect(lazyPageModules('/carbon-calculator/x')).toEqual([]);
  });
});
