import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout.tsx';
import { AccountPage } from './routes/AccountPage.tsx';
import { ForgotPasswordPage } from './routes/ForgotPasswordPage.tsx';
import { HomePage } from './routes/HomePage.tsx';
import { LoginPage } from './routes/LoginPage.tsx';
import { ResetPasswordPage } from './routes/ResetPasswordPage.tsx';
import { VerifyAccountPage } from './routes/VerifyAccountPage.tsx';
import { NotFoundPage } from './routes/NotFoundPage.tsx';
import { RouteErrorPage } from './routes/RouteErrorPage.tsx';

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
            { path: 'login', element: <LoginPage /> },
            { path: 'verify-account', element: <VerifyAccountPage /> },
            { path: 'forgot-password', element: <ForgotPasswordPage /> },
            { path: 'reset-password', element: <ResetPasswordPage /> },
            { path: 'account', element: <AccountPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
