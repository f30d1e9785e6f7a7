/**
 * The operator console's pages under `/admin` (zod-free). The web app builds its console routes
 * from these paths and the server answers them with the app shell (HTTP 200, noindex); any other
 * path under `/admin` is a 404. One list, so a page added to the console is served, and a typo in
 * an address is a real "not found", on both sides.
 */
export const ADMIN_CONSOLE_BASE = '/admin';

export const ADMIN_CONSOLE_PAGES = [
  '',
  'sign-in',
  'orders',
  'orders/:id',
  'products',
  'products/new',
  'products/import',
  'products/:id',
  'stock',
  'categories',
  'coupons',
  'reviews',
  'customers',
  'customers/:id',
  'newsletter',
  'operators',
  'audit',
  'account',
] as const;

export type AdminConsolePage = (typeof ADMIN_CONSOLE_PAGES)[number];

/** Whether a path is a console page: `/admin`, `/admin/products/3f…` (a trailing slash allowed). */
export function isAdminConsolePath(pathname: string): boolean {
  if (pathname !== ADMIN_CONSOLE_BASE && !pathname.startsWith(`${ADMIN_CONSOLE_BASE}/`)) return false;
  const rest = pathname.slice(ADMIN_CONSOLE_BASE.length).replace(/^\/+|\/+$/g, '');
  const segments = rest === '' ? [] : rest.split('/');
  return ADMIN_CONSOLE_PAGES.some((page) => {
    const parts = page === '' ? [] : page.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => {
        const segment = segments[i]!;
        // A parameter is one ordinary path segment: an id or a slug, never "." or "..".
        return part.startsWith(':') ? /^[A-Za-z0-9_-]{1,100}$/.test(segment) : part === segment;
      })
    );
  });
}
