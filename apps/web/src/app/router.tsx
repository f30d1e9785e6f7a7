import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout.tsx';
import { HomePage } from './routes/HomePage.tsx';
import { NotFoundPage } from './routes/NotFoundPage.tsx';
import { RouteErrorPage } from './routes/RouteErrorPage.tsx';

/**
 * Routes. The pathless child carries the error boundary, so a crashing page still shows the
 * header and footer. Unbuilt routes (/login, /products/:slug, /other/cart) fall through to the
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
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
