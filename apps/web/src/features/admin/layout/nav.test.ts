import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ADMIN_CONSOLE_PAGES, isAdminConsolePath } from '@app/contract/admin-console-pages';
import { isCurrent } from './AdminLayout.tsx';
import { ADMIN_NAV } from './nav-items.ts';
import { consoleRoutes } from '../AdminConsole.tsx';

describe('console navigation', () => {
  it('marks the section of the page shown, the dashboard only on its own page', () => {
    expect(isCurrent('/admin', '/admin')).toBe(true);
    expect(isCurrent('/admin', '/admin/products')).toBe(false);
    expect(isCurrent('/admin/products', '/admin/products/3f2c')).toBe(true);
    expect(isCurrent('/admin/products', '/admin/products-archive')).toBe(false);
  });

  it('links only to pages the server serves', () => {
    for (const item of ADMIN_NAV) expect(isAdminConsolePath(item.to), item.to).toBe(true);
  });

  it('routes exactly the pages of ADMIN_CONSOLE_PAGES (the server answers the others with 404)', () => {
    const paths = (routes: RouteObject[]): string[] => routes.flatMap((route) => [...(route.index ? [''] : route.path && route.path !== '*' ? [route.path] : []), ...paths(route.children ?? [])]);
    expect(paths(consoleRoutes).sort()).toEqual([...ADMIN_CONSOLE_PAGES].sort());
    // Anything else under /admin is the console's not-found page.
    expect(consoleRoutes.flatMap((route) => route.children ?? []).at(-1)?.path).toBe('*');
  });
});
