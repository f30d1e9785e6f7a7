import { Suspense, lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { SignInPage } from './auth/SignInPage.tsx';
import { LoadingState } from './components/States.tsx';
import './admin.css';
import './admin-blocks.css';
import './admin-screens.css';
import './admin-screens-more.css';
import './admin-screens-last.css';

/** Each screen is its own chunk: opening the console loads its frame and the screen shown. */
function screen(load: () => Promise<Record<string, unknown>>, name: string) {
  const Screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<LoadingState label="Loading" />}>
      <Screen />
    </Suspense>
  );
}

/**
 * The console's routes, under /admin: the paths of ADMIN_CONSOLE_PAGES in the contract (the
 * server answers any other /admin path with a 404, and so does the console: the last route).
 * Declared as objects for useRoutes, as the shop's routes are, so the console adds nothing from
 * the router to the storefront's first load.
 */
export const consoleRoutes: RouteObject[] = [
  { path: 'sign-in', element: <SignInPage /> },
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: screen(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage') },
      { path: 'orders', element: screen(() => import('./pages/orders/OrdersPage.tsx'), 'OrdersPage') },
      { path: 'orders/:id', element: screen(() => import('./pages/orders/OrderPage.tsx'), 'OrderPage') },
      { path: 'products', element: screen(() => import('./pages/products/ProductsPage.tsx'), 'ProductsPage') },
      { path: 'products/new', element: screen(() => import('./pages/products/ProductEditorPage.tsx'), 'NewProductPage') },
      { path: 'products/import', element: screen(() => import('./pages/products/ImportPage.tsx'), 'ImportPage') },
      { path: 'products/:id', element: screen(() => import('./pages/products/ProductEditorPage.tsx'), 'EditProductPage') },
      { path: 'stock', element: screen(() => import('./pages/stock/LowStockPage.tsx'), 'LowStockPage') },
      { path: 'categories', element: screen(() => import('./pages/taxonomy/TaxonomyPage.tsx'), 'TaxonomyPage') },
      { path: 'coupons', element: screen(() => import('./pages/coupons/CouponsPage.tsx'), 'CouponsPage') },
      { path: 'reviews', element: screen(() => import('./pages/reviews/ReviewsPage.tsx'), 'ReviewsPage') },
      { path: 'customers', element: screen(() => import('./pages/customers/CustomersPage.tsx'), 'CustomersPage') },
      { path: 'customers/:id', element: screen(() => import('./pages/customers/CustomerPage.tsx'), 'CustomerPage') },
      { path: 'newsletter', element: screen(() => import('./pages/newsletter/NewsletterPage.tsx'), 'NewsletterPage') },
      { path: 'operators', element: screen(() => import('./pages/operators/OperatorsPage.tsx'), 'OperatorsPage') },
      { path: 'audit', element: screen(() => import('./pages/audit/AuditPage.tsx'), 'AuditPage') },
      { path: 'account', element: screen(() => import('./pages/account/AccountPage.tsx'), 'AccountPage') },
      { path: '*', element: screen(() => import('./pages/NotFoundPage.tsx'), 'NotFoundPage') },
    ],
  },
];

/**
 * The operator console (/admin): its own area of the app, loaded only under /admin (routes.tsx
 * imports it lazily, so no storefront page carries any of it), with its own frame and its own
 * sign-in. TanStack Query comes from the router, as for every lazy page.
 */
export function AdminConsole() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {useRoutes(consoleRoutes)}
    </>
  );
}
