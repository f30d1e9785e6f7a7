import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_BASE } from '@app/contract/admin-console-pages';
import { pagePatterns } from '@app/contract/web-pages';
import { appRoutes } from './routes.tsx';

/** The full pattern of every page the route tree draws ('*', the not-found page, left out). */
function routedPages(routes: readonly RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? base : `${base}/${route.path}`.replace(/\/{2,}/g, '/');
    if (route.path === '*') return [];
    if (route.children) return routedPages(route.children, path);
    return route.index || route.path !== undefined ? [path.replace(/\/+$/, '') || '/'] : [];
  });
}

describe('the router and the server know the same pages (issue 26 item 8)', () => {
  it('routes every page of the contract list, and no page outside it', () => {
    // A page only in the router would be answered 404 by the server; one only in the list, 200
    // with the browser's "not found". Add a page to both: STOREFRONT_PAGES (or its area) and here.
    // The operator console is mounted as one area route ('/admin/*'); its own pages are held to
    // ADMIN_CONSOLE_PAGES by the console's routes test.
    expect(routedPages(appRoutes).sort()).toEqual([...pagePatterns(), `${ADMIN_CONSOLE_BASE}/*`].sort());
  });

  it('draws the not-found page for everything else (the last route is the catch-all)', () => {
    const shop = appRoutes.find((route) => route.path === undefined)!;
    const pages = shop.children![0]!.children!;
    expect(pages.at(-1)!.path).toBe('*');
  });
});
