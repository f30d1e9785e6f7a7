import { Suspense, lazy, useState, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../../lib/query-client.ts';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { SignInPage } from './auth/SignInPage.tsx';
import { LoadingState } from './components/States.tsx';
import './admin.css';

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
 * The operator console (/admin): its own area of the app, loaded only under /admin (routes.tsx
 * imports it lazily, so no storefront page carries any of it), with its own frame, its own
 * TanStack Query client (its data never mixes with the shop's) and its own sign-in. The screens
 * are the paths of ADMIN_CONSOLE_PAGES in the contract; the server answers any other /admin path
 * with a 404, and so does the console (the last route).
 */
export default function AdminConsole() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS.queries, staleTime: 15_000 } } }));
  return (
    <QueryClientProvider client={client}>
      <meta name="robots" content="noindex, nofollow" />
      <Routes>
        <Route path="sign-in" element={<SignInPage />} />
        <Route element={<AdminLayout />}>
          <Route index element={screen(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage')} />
          <Route path="orders" element={screen(() => import('./pages/orders/OrdersPage.tsx'), 'OrdersPage')} />
          <Route path="orders/:id" element={screen(() => import('./pages/orders/OrderPage.tsx'), 'OrderPage')} />
          <Route path="products" element={screen(() => import('./pages/products/ProductsPage.tsx'), 'ProductsPage')} />
          <Route path="products/new" element={screen(() => import('./pages/products/ProductEditorPage.tsx'), 'NewProductPage')} />
          <Route path="products/import" element={screen(() => import('./pages/products/ImportPage.tsx'), 'ImportPage')} />
          <Route path="products/:id" element={screen(() => import('./pages/products/ProductEditorPage.tsx'), 'EditProductPage')} />
          <Route path="stock" element={screen(() => import('./pages/stock/LowStockPage.tsx'), 'LowStockPage')} />
          <Route path="categories" element={screen(() => import('./pages/taxonomy/TaxonomyPage.tsx'), 'TaxonomyPage')} />
          <Route path="coupons" element={screen(() => import('./pages/coupons/CouponsPage.tsx'), 'CouponsPage')} />
          <Route path="reviews" element={screen(() => import('./pages/reviews/ReviewsPage.tsx'), 'ReviewsPage')} />
          <Route path="customers" element={screen(() => import('./pages/customers/CustomersPage.tsx'), 'CustomersPage')} />
          <Route path="customers/:id" element={screen(() => import('./pages/customers/CustomerPage.tsx'), 'CustomerPage')} />
          <Route path="newsletter" element={screen(() => import('./pages/newsletter/NewsletterPage.tsx'), 'NewsletterPage')} />
          <Route path="operators" element={screen(() => import('./pages/operators/OperatorsPage.tsx'), 'OperatorsPage')} />
          <Route path="audit" element={screen(() => import('./pages/audit/AuditPage.tsx'), 'AuditPage')} />
          <Route path="account" element={screen(() => import('./pages/account/AccountPage.tsx'), 'AccountPage')} />
          <Route path="*" element={screen(() => import('./pages/NotFoundPage.tsx'), 'NotFoundPage')} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
