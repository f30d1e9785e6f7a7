import type React from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout.tsx';
import { HomePage } from './routes/HomePage.tsx';
import { NotFoundPage } from './routes/NotFoundPage.tsx';
import { RouteErrorPage } from './routes/RouteErrorPage.tsx';

/** Pages other than the shop load on demand, so the first visit downloads only the shop. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}

/**
 * Routes. The pathless child carries the error boundary, so a crashing page still shows the
 * header and footer. Unbuilt routes (/products/:slug, /other/cart) fall through to the
 * not-found page until their issues add them here.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'login', lazy: lazyPage(() => import('./routes/LoginPage.tsx'), 'LoginPage') },
            { path: 'verify-account', lazy: lazyPage(() => import('./routes/VerifyAccountPage.tsx'), 'VerifyAccountPage') },
            { path: 'forgot-password', lazy: lazyPage(() => import('./routes/ForgotPasswordPage.tsx'), 'ForgotPasswordPage') },
            { path: 'reset-password', lazy: lazyPage(() => import('./routes/ResetPasswordPage.tsx'), 'ResetPasswordPage') },
            { path: 'account', lazy: lazyPage(() => import('./routes/AccountPage.tsx'), 'AccountPage') },
            { path: 'carbon-calculator', lazy: lazyPage(() => import('../features/carbon/pages/CarbonCalculatorPage.tsx'), 'CarbonCalculatorPage') },
            { path: 'account/sustainability', lazy: lazyPage(() => import('../features/carbon/pages/SustainabilityEditorPage.tsx'), 'SustainabilityEditorPage') },
            { path: 'sustainability/:slug', lazy: lazyPage(() => import('../features/carbon/pages/PublicSustainabilityPage.tsx'), 'PublicSustainabilityPage') },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
