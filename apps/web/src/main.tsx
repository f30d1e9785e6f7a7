import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { configureApiClient } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { rememberCurrencyInCookie, setRenderedCurrency } from './features/currency/currency-store.ts';
import { readSsrData, restampQueries } from './ssr/ssr-data.ts';
import './styles/tokens.css';
import './styles/base.css';

/**
 * The browser entry. A public page arrives server-rendered with a data island: the query cache
 * and router start from the server's state and React hydrates the HTML. Other pages arrive as
 * the empty app shell and are rendered here.
 */
const ssrData = readSsrData(document);
const queryClient = createQueryClient();
if (ssrData) {
  setRenderedCurrency(ssrData.currency);
  hydrate(queryClient, restampQueries(ssrData.query));
}
const router = createAppRouter(ssrData?.router);

// Forced logout navigates inside the SPA (no full reload) once the router exists.
configureApiClient({ navigate: (to) => void router.navigate(to) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

if (ssrData) hydrateRoot(container, app);
else createRoot(container).render(app);

// A currency chosen before the cookie existed reaches the server from now on.
rememberCurrencyInCookie();
