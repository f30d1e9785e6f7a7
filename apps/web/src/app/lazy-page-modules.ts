/**
 * For the server only (entry-server.tsx): the source module, as Vite's manifest names it, that
 * each lazy page of routes.tsx loads, so the server can send the page's chunk and CSS as preloads
 * with the app shell. Kept out of routes.tsx so the browser's first load does not carry these
 * paths; lazy-page-modules.test.ts checks that every lazy page has its entry and that it is the
 * module the page loads.
 */
export const LAZY_PAGE_MODULES: Record<string, string> = {
  'verify-account': 'src/app/routes/VerifyAccountPage.tsx',
  'forgot-password': 'src/app/routes/ForgotPasswordPage.tsx',
  'reset-password': 'src/app/routes/ResetPasswordPage.tsx',
  'account': 'src/app/routes/AccountPage.tsx',
  'account/sustainability': 'src/features/carbon/pages/SustainabilityEditorPage.tsx',
  'wishlist': 'src/features/wishlist/pages/WishlistPage.tsx',
  'other/cart': 'src/app/routes/CartPage.tsx',
  'certificates/:serial': 'src/features/certificates/pages/CertificatePage.tsx',
  'gifts/:token': 'src/features/gifts/pages/GiftClaimPage.tsx',
  'other/checkout': 'src/app/routes/CheckoutPage.tsx',
  'other/checkout/complete/:id': 'src/app/routes/CheckoutCompletePage.tsx',
  'account/orders': 'src/app/routes/OrdersPage.tsx',
  'account/orders/:id': 'src/app/routes/OrderDetailsPage.tsx',
  'other/my-business-account': 'src/features/business/pages/BusinessPages.tsx',
  'other/my-employer-account': 'src/features/business/pages/BusinessPages.tsx',
  'shop/:slug': 'src/features/shop-pages/pages/ShopPages.tsx',
  'business/:slug': 'src/features/shop-pages/pages/ShopPages.tsx',
  'account/shop-page': 'src/features/shop-pages/pages/ShopPages.tsx',
  'account/network': 'src/features/chains/pages/ChainsPages.tsx',
  'account/referrals': 'src/features/chains/pages/ChainsPages.tsx',
  'events/:code': 'src/features/events/pages/EventPages.tsx',
  'account/events': 'src/features/events/pages/EventPages.tsx',
  'sustainability/:slug': 'src/features/carbon/pages/PublicSustainabilityPage.tsx',
  'other/my-business-account/sustainability': 'src/features/business-carbon/pages/BusinessCarbonPages.tsx',
  'business-sustainability/:slug': 'src/features/business-carbon/pages/BusinessCarbonPages.tsx',
};

/** The not-found page (routes.tsx's catch-all), preloaded with the app shell the server answers 404 with. */
export const NOT_FOUND_PAGE_MODULE = 'src/app/routes/NotFoundPage.tsx';

/**
 * TanStack Query comes with the lazy pages (they are the ones that use it), loaded beside each
 * page's own chunk; the server preloads it with the page.
 */
export const QUERY_PROVIDER_MODULE = 'src/app/query-provider.tsx';

/** The operator console's frame (every /admin page), preloaded with the app shell there. */
export const ADMIN_CONSOLE_MODULE = 'src/features/admin/AdminConsole.tsx';

/**
 * The chunks of the pages the server renders (lazy sections of routes.tsx), linked with their
 * HTML: the shop pages, the login page and the carbon calculator.
 */
export const SERVER_PAGE_MODULES = {
  home: ['src/app/routes/HomePage.tsx'],
  catalog: ['src/app/routes/CatalogPage.tsx'],
  product: ['src/app/routes/ProductPage.tsx'],
  login: ['src/app/routes/LoginPage.tsx'],
  calculator: ['src/app/routes/CarbonCalculatorRoute.tsx', QUERY_PROVIDER_MODULE],
} as const;

/**
 * The source modules the page at a path loads, for the server's preload links with the app
 * shell: a lazy page's own and the query provider. The login page and the calculator are also sent
 * as the shell to a visitor who is signed in (web.ts), so they are answered here too.
 */
export function lazyPageModules(pathname: string): string[] {
  if (/^\/login\/*$/.test(pathname)) return [...SERVER_PAGE_MODULES.login];
  if (/^\/carbon-calculator\/*$/.test(pathname)) return [...SERVER_PAGE_MODULES.calculator];
  if (/^\/admin(\/|$)/.test(pathname)) return [ADMIN_CONSOLE_MODULE, QUERY_PROVIDER_MODULE];
  const module = lazyPageModule(pathname);
  return module ? [module, QUERY_PROVIDER_MODULE] : [];
}

function lazyPageModule(pathname: string): string | undefined {
  const segments = pathname.replace(/^\/+|\/+$/g, '').split('/');
  const matches = (pattern: string) => {
    const parts = pattern.split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  };
  const path = Object.keys(LAZY_PAGE_MODULES).find(matches);
  return path === undefined ? undefined : LAZY_PAGE_MODULES[path];
}
