/**
 * The web app's pages, one list for the browser's router and the server (zod-free, a few hundred
 * bytes). The router (apps/web/src/app/routes.tsx) declares a route for each of these paths and
 * no other (apps/web/src/app/routes.test.ts holds both ways); the server answers these addresses
 * with their page (HTTP 200) and every other address with the not-found page and HTTP 404
 * (apps/api/src/plugins/web.ts). So a page added to one and not the other fails a test, and a
 * mistyped address is a real "not found" for people, crawlers and monitors alike.
 *
 * Paths are React Router patterns relative to their area's prefix: '' is the area's index,
 * `:name` one path segment.
 */

/** The shop: every page a shopper, business owner or organiser opens. */
export const STOREFRONT_PAGES = [
  '',
  'products',
  'products/:slug',
  'login',
  'carbon-calculator',
  'verify-account',
  'forgot-password',
  'reset-password',
  'account',
  'account/sustainability',
  'account/orders',
  'account/orders/:id',
  'account/shop-page',
  'account/network',
  'account/referrals',
  'account/events',
  'wishlist',
  'other/cart',
  'other/checkout',
  'other/checkout/complete/:id',
  'other/my-business-account',
  'other/my-business-account/sustainability',
  'other/my-employer-account',
  'certificates/:serial',
  'gifts/:token',
  'shop/:slug',
  'business/:slug',
  'events/:code',
  'sustainability/:slug',
  'business-sustainability/:slug',
] as const;

export type StorefrontPage = (typeof STOREFRONT_PAGES)[number];

/**
 * A part of the web app under its own prefix, with its own pages (and, in the browser, its own
 * router and code). The operator console (issue 24) is one: `{ prefix: '/admin', pages: [...] }`.
 */
export interface PageArea {
  /** '' for the storefront, else a path such as '/admin' (no trailing slash). */
  prefix: string;
  pages: readonly string[];
}

/**
 * Every area the server answers with a page. An area added here needs its routes in the router
 * too (the routes test compares them). The operator console keeps its own list
 * (ADMIN_CONSOLE_PAGES in admin/console-pages.ts, held to its router by its own test): its pages
 * are answered by the server's /admin routes, not-indexed, and any other /admin path is a 404.
 */
export const PAGE_AREAS: readonly PageArea[] = [{ prefix: '', pages: STOREFRONT_PAGES }];

/** Full patterns ('/account/orders/:id') of every page of these areas. */
export function pagePatterns(areas: readonly PageArea[] = PAGE_AREAS): string[] {
  return areas.flatMap((area) => area.pages.map((page) => joinPattern(area.prefix, page)));
}

function joinPattern(prefix: string, page: string): string {
  return `${prefix}/${page}`.replace(/\/+$/, '') || '/';
}

/**
 * A pattern as React Router matches it: static segments case-insensitively, a parameter as one
 * non-empty segment, trailing slashes ignored. '.' and '..' are never a parameter (no page has them).
 */
function patternRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  const body = segments.map((segment) => (segment.startsWith(':') ? '/(?!\\.{1,2}(?:/|$))[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).join('');
  return new RegExp(`^${body}/*$`, 'i');
}

/**
 * Whether a path (no query) is one of the web app's pages. Built for the server's not-found
 * handler: one regular expression over every pattern, made once per list of areas.
 */
export function createPageMatcher(areas: readonly PageArea[] = PAGE_AREAS): (pathname: string) => boolean {
  const all = new RegExp(pagePatterns(areas).map((pattern) => `(?:${patternRegExp(pattern).source})`).join('|'), 'i');
  return (pathname) => all.test(pathname);
}

/** Whether a path (no query) is one of the web app's pages. */
export const isWebPage = createPageMatcher();
