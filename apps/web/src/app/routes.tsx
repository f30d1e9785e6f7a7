import { Suspense, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout.tsx';
import { CatalogPage } from './routes/CatalogPage.tsx';
import { HomePage } from './routes/HomePage.tsx';
import { NotFoundPage } from './routes/NotFoundPage.tsx';
import { PageLoading } from './routes/PageLoading.tsx';
import { ProductPage } from './routes/ProductPage.tsx';
import { RouteErrorBoundary } from './routes/RouteErrorBoundary.tsx';

const BUSINESS_PAGES = 'src/features/business/pages/BusinessPages.tsx';
const loadBusinessPages = () => import('../features/business/pages/BusinessPages.tsx');
const SHOP_PAGES = 'src/features/shop-pages/pages/ShopPages.tsx';
const loadShopPages = () => import('../features/shop-pages/pages/ShopPages.tsx');
const CHAINS_PAGES = 'src/features/chains/pages/ChainsPages.tsx';
const loadChainsPages = () => import('../features/chains/pages/ChainsPages.tsx');
const EVENT_PAGES = 'src/features/events/pages/EventPages.tsx';
const loadEventPages = () => import('../features/events/pages/EventPages.tsx');

/**
 * Pages loaded on demand, so a visit to the shop downloads only the shop. `module` is the
 * source path Vite's manifest uses: the server looks it up to send the page's chunk and CSS
 * as preloads with the app shell, so they arrive together with the entry, not in a second wave.
 */
export const LAZY_PAGES = [
  { path: 'login', module: 'src/app/routes/LoginPage.tsx', load: () => import('./routes/LoginPage.tsx'), name: 'LoginPage' },
  { path: 'verify-account', module: 'src/app/routes/VerifyAccountPage.tsx', load: () => import('./routes/VerifyAccountPage.tsx'), name: 'VerifyAccountPage' },
  { path: 'forgot-password', module: 'src/app/routes/ForgotPasswordPage.tsx', load: () => import('./routes/ForgotPasswordPage.tsx'), name: 'ForgotPasswordPage' },
  { path: 'reset-password', module: 'src/app/routes/ResetPasswordPage.tsx', load: () => import('./routes/ResetPasswordPage.tsx'), name: 'ResetPasswordPage' },
  { path: 'account', module: 'src/app/routes/AccountPage.tsx', load: () => import('./routes/AccountPage.tsx'), name: 'AccountPage' },
  { path: 'carbon-calculator', module: 'src/app/routes/CarbonCalculatorRoute.tsx', load: () => import('./routes/CarbonCalculatorRoute.tsx'), name: 'CarbonCalculatorRoute' },
  { path: 'account/sustainability', module: 'src/features/carbon/pages/SustainabilityEditorPage.tsx', load: () => import('../features/carbon/pages/SustainabilityEditorPage.tsx'), name: 'SustainabilityEditorPage' },
  { path: 'wishlist', module: 'src/features/wishlist/pages/WishlistPage.tsx', load: () => import('../features/wishlist/pages/WishlistPage.tsx'), name: 'WishlistPage' },
  { path: 'other/cart', module: 'src/app/routes/CartPage.tsx', load: () => import('./routes/CartPage.tsx'), name: 'CartPage' },
  { path: 'certificates/:serial', module: 'src/features/certificates/pages/CertificatePage.tsx', load: () => import('../features/certificates/pages/CertificatePage.tsx'), name: 'CertificatePage' },
  { path: 'other/checkout', module: 'src/app/routes/CheckoutPage.tsx', load: () => import('./routes/CheckoutPage.tsx'), name: 'CheckoutPage' },
  { path: 'other/checkout/complete/:id', module: 'src/app/routes/CheckoutCompletePage.tsx', load: () => import('./routes/CheckoutCompletePage.tsx'), name: 'CheckoutCompletePage' },
  { path: 'account/orders', module: 'src/app/routes/OrdersPage.tsx', load: () => import('./routes/OrdersPage.tsx'), name: 'OrdersPage' },
  { path: 'account/orders/:id', module: 'src/app/routes/OrderDetailsPage.tsx', load: () => import('./routes/OrderDetailsPage.tsx'), name: 'OrderDetailsPage' },
  { path: 'other/my-business-account', module: BUSINESS_PAGES, load: loadBusinessPages, name: 'MyBusinessAccountPage' },
  { path: 'other/my-employer-account', module: BUSINESS_PAGES, load: loadBusinessPages, name: 'MyEmployerAccountPage' },
  { path: 'shop/:slug', module: SHOP_PAGES, load: loadShopPages, name: 'ShopPage' },
  { path: 'account/shop-page', module: SHOP_PAGES, load: loadShopPages, name: 'ShopPageEditorPage' },
  { path: 'account/network', module: CHAINS_PAGES, load: loadChainsPages, name: 'NetworkPage' },
  { path: 'account/referrals', module: CHAINS_PAGES, load: loadChainsPages, name: 'ReferralsPage' },
  { path: 'events/:code', module: EVENT_PAGES, load: loadEventPages, name: 'EventPage' },
  { path: 'account/events', module: EVENT_PAGES, load: loadEventPages, name: 'MyEventsPage' },
  { path: 'sustainability/:slug', module: 'src/features/carbon/pages/PublicSustainabilityPage.tsx', load: () => import('../features/carbon/pages/PublicSustainabilityPage.tsx'), name: 'PublicSustainabilityPage' },
  { path: 'other/my-business-account/sustainability', module: 'src/features/business-carbon/pages/BusinessSustainabilityEditorPage.tsx', load: () => import('../features/business-carbon/pages/BusinessSustainabilityEditorPage.tsx'), name: 'BusinessSustainabilityEditorPage' },
  { path: 'business-sustainability/:slug', module: 'src/features/business-carbon/pages/PublicBusinessSustainabilityPage.tsx', load: () => import('../features/business-carbon/pages/PublicBusinessSustainabilityPage.tsx'), name: 'PublicBusinessSustainabilityPage' },
] as const;

/**
 * TanStack Query comes with the lazy pages (they are the ones that use it), loaded beside each
 * page's own chunk; the server preloads it with the page (lazyPageModules).
 */
export const QUERY_PROVIDER_MODULE = 'src/app/query-provider.tsx';

/** A page loaded on demand (React.lazy); the spinner holds the page area while its code loads. */
function lazyPage(page: (typeof LAZY_PAGES)[number]): RouteObject {
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
 * is the error boundary, so a crashing page still shows the header and footer.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        element: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'products', element: <CatalogPage /> },
          { path: 'products/:slug', element: <ProductPage /> },
          ...LAZY_PAGES.map(lazyPage),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The source modules a lazy page at a path loads (its own and the query provider), for the server's preload links. */
export function lazyPageModules(pathname: string): string[] {
  const module = lazyPageModule(pathname);
  return module ? [module, QUERY_PROVIDER_MODULE] : [];
}

function lazyPageModule(pathname: string): string | undefined {
  const segments = pathname.replace(/^\/+|\/+$/g, '').split('/');
  const matches = (pattern: string) => {
    const parts = pattern.split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  };
  return LAZY_PAGES.find((page) => matches(page.path))?.module;
}
