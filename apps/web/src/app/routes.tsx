import { Suspense, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { StorefrontPage } from '@app/contract/web-pages';
import { AppLayout } from './layout/AppLayout.tsx';
import { lazySection } from './lazy-section.tsx';
import { PageLoading } from './routes/PageLoading.tsx';
import { RouteErrorBoundary } from './routes/RouteErrorBoundary.tsx';

/**
 * The home, catalog and product pages are each their own chunk, so none carries another's code
 * (the catalog and product pages are often the first page of a visit from a search engine).
 * They are lazy sections, not lazy pages: the server renders them (it links each one's chunk
 * and CSS, SERVER_PAGE_MODULES in lazy-page-modules.ts), and in the browser the server markup
 * stays as drawn until the chunk (preloaded with the entry) is there, then hydrates on its own.
 * After a click from another page the spinner holds the page area for the moment its code loads,
 * as for every lazy page (a skeleton per page would put its code back in every first load).
 */
function shopPage(load: () => Promise<ComponentType<object>>) {
  return lazySection({ load, hydrate: 'now', fallback: <PageLoading /> });
}
const HomePage = shopPage(() => import('./routes/HomePage.tsx').then((module) => module.HomePage));
const CatalogPage = shopPage(() => import('./routes/CatalogPage.tsx').then((module) => module.CatalogPage));
const ProductPage = shopPage(() => import('./routes/ProductPage.tsx').then((module) => module.ProductPage));
/**
 * The login page is server-rendered too, for visitors who are not signed in (the server sends
 * the app shell to those who are): its form paints with the HTML instead of after the JavaScript.
 * Its forms stay disabled until hydrated (useHydrated), so nothing typed or submitted is lost.
 * Unlike the other lazy pages it needs no TanStack Query, so it loads without it.
 */
const LoginPage = shopPage(() => import('./routes/LoginPage.tsx').then((module) => module.LoginPage));
/**
 * The carbon calculator too, for visitors who are not signed in (signed-in ones get the app
 * shell: their history and saving depend on the session). It uses TanStack Query, which comes
 * with it; the server sends the country list it was drawn with in the data island (query-seed.ts).
 */
const CalculatorPage = shopPage(() =>
  Promise.all([import('./routes/CarbonCalculatorRoute.tsx'), import('./query-provider.tsx')]).then(([{ CarbonCalculatorRoute }, { AppQueryProvider }]) => () => (
    <AppQueryProvider>
      <CarbonCalculatorRoute />
    </AppQueryProvider>
  )),
);


/** Any path without a route: rare, and only ever drawn in the browser, so it loads on demand. */
const NotFoundPage = lazy(() => import('./routes/NotFoundPage.tsx').then((module) => ({ default: module.NotFoundPage })));

const loadBusinessPages = () => import('../features/business/pages/BusinessPages.tsx');
const loadShopPages = () => import('../features/shop-pages/pages/ShopPages.tsx');
const loadChainsPages = () => import('../features/chains/pages/ChainsPages.tsx');
const loadEventPages = () => import('../features/events/pages/EventPages.tsx');
const loadBusinessCarbonPages = () => import('../features/business-carbon/pages/BusinessCarbonPages.tsx');

/**
 * Pages loaded on demand, so a visit to the shop downloads only the shop. The server sends each
 * page's chunk and CSS as preloads with the app shell (lazy-page-modules.ts), so they arrive
 * together with the entry, not in a second wave. Every path is one of the contract's
 * STOREFRONT_PAGES, the list the server answers with 200 (routes.test.ts checks both ways).
 */
export const LAZY_PAGES = [
  { path: 'verify-account', load: () => import('./routes/VerifyAccountPage.tsx'), name: 'VerifyAccountPage' },
  { path: 'forgot-password', load: () => import('./routes/ForgotPasswordPage.tsx'), name: 'ForgotPasswordPage' },
  { path: 'reset-password', load: () => import('./routes/ResetPasswordPage.tsx'), name: 'ResetPasswordPage' },
  { path: 'account', load: () => import('./routes/AccountPage.tsx'), name: 'AccountPage' },
  { path: 'account/sustainability', load: () => import('../features/carbon/pages/SustainabilityEditorPage.tsx'), name: 'SustainabilityEditorPage' },
  { path: 'wishlist', load: () => import('../features/wishlist/pages/WishlistPage.tsx'), name: 'WishlistPage' },
  { path: 'other/cart', load: () => import('./routes/CartPage.tsx'), name: 'CartPage' },
  { path: 'certificates/:serial', load: () => import('../features/certificates/pages/CertificatePage.tsx'), name: 'CertificatePage' },
  { path: 'gifts/:token', load: () => import('../features/gifts/pages/GiftClaimPage.tsx'), name: 'GiftClaimPage' },
  { path: 'other/checkout', load: () => import('./routes/CheckoutPage.tsx'), name: 'CheckoutPage' },
  { path: 'other/checkout/complete/:id', load: () => import('./routes/CheckoutCompletePage.tsx'), name: 'CheckoutCompletePage' },
  { path: 'account/orders', load: () => import('./routes/OrdersPage.tsx'), name: 'OrdersPage' },
  { path: 'account/orders/:id', load: () => import('./routes/OrderDetailsPage.tsx'), name: 'OrderDetailsPage' },
  { path: 'other/my-business-account', load: loadBusinessPages, name: 'MyBusinessAccountPage' },
  { path: 'other/my-employer-account', load: loadBusinessPages, name: 'MyEmployerAccountPage' },
  { path: 'shop/:slug', load: loadShopPages, name: 'ShopPage' },
  { path: 'business/:slug', load: loadShopPages, name: 'BusinessPublicPage' },
  { path: 'account/shop-page', load: loadShopPages, name: 'ShopPageEditorPage' },
  { path: 'account/network', load: loadChainsPages, name: 'NetworkPage' },
  { path: 'account/referrals', load: loadChainsPages, name: 'ReferralsPage' },
  { path: 'events/:code', load: loadEventPages, name: 'EventPage' },
  { path: 'account/events', load: loadEventPages, name: 'MyEventsPage' },
  { path: 'sustainability/:slug', load: () => import('../features/carbon/pages/PublicSustainabilityPage.tsx'), name: 'PublicSustainabilityPage' },
  { path: 'other/my-business-account/sustainability', load: loadBusinessCarbonPages, name: 'BusinessSustainabilityEditorPage' },
  { path: 'business-sustainability/:slug', load: loadBusinessCarbonPages, name: 'PublicBusinessSustainabilityPage' },
] as const satisfies readonly { path: StorefrontPage; load: () => Promise<unknown>; name: string }[];

/** A page loaded on demand (React.lazy); the spinner holds the page area while its code loads. */
function lazyPage(page: { path: string; load: () => Promise<object>; name: string }): RouteObject {
  const Page = lazy(async () => {
    const [module, { AppQueryProvider }] = await Promise.all([page.load(), import('./query-provider.tsx')]);
    const Loaded = module[page.name as keyof typeof module] as ComponentType;
    return {
      default: () => (
        <AppQueryProvider>
          <Loaded />
        </AppQueryProvider>
      ),
    };
  });
  return {
    path: page.path,
    element: (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    ),
  };
}

/**
 * Routes, shared by the browser (router.tsx, under <BrowserRouter>) and the server renderer
 * (entry-server.tsx, under <StaticRouter>). Declarative routes (useRoutes), not a data router:
 * nothing here uses loaders or actions, and the data router alone would cost ~17 KB gzipped of
 * the first load (decision 0007). The public shop pages (home, catalog, product) are part of the
 * entry so the server can render them and the browser hydrate them at once. The pathless child
 * is the error boundary, so a crashing page still shows the header and footer. The last route,
 * '*', draws the not-found page for any other address (the server answers those with HTTP 404).
 * Every path is one of the contract's STOREFRONT_PAGES (`satisfies`: a typo fails type-checking).
 */
export const appRoutes: RouteObject[] = [
  // The operator console: its own area with its own frame (outside the shop's layout), loaded
  // like a lazy page, so no storefront page carries any of it.
  lazyPage({ path: 'admin/*', load: () => import('../features/admin/AdminConsole.tsx'), name: 'AdminConsole' }),
  {
    element: <AppLayout />,
    children: [
      {
        element: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'products' satisfies StorefrontPage, element: <CatalogPage /> },
          { path: 'products/:slug' satisfies StorefrontPage, element: <ProductPage /> },
          { path: 'login' satisfies StorefrontPage, element: <LoginPage /> },
          { path: 'carbon-calculator' satisfies StorefrontPage, element: <CalculatorPage /> },
          ...LAZY_PAGES.map(lazyPage),
          {
            path: '*',
            element: (
              <Suspense fallback={<PageLoading />}>
                <NotFoundPage />
              </Suspense>
            ),
          },
        ],
      },
    ],
  },
];
