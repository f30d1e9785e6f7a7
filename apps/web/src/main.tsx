import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApiClient } from './lib/api-client.ts';
import { CatalogCache } from './features/products/api/catalog-cache.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { rememberCurrencyInCookie, setRenderedCurrency } from './features/currency/currency-store.ts';
import { readSsrData } from './ssr/ssr-data.ts';
import './styles/tokens.css';
import './styles/base.css';

/**
 * The browser entry. A public page arrives server-rendered with a data island: the catalog cache
 * and router start from the server's state and React hydrates the HTML. Other pages arrive as
 * the empty app shell and are rendered here.
 */
const ssrData = readSsrData(document);
if (ssrData) setRenderedCurrency(ssrData.currency);
const catalog = new CatalogCache(ssrData?.catalog);
const router = createAppRouter(ssrData?.router);

// Forced logout navigates inside the SPA (no full reload) once the router exists.
configureApiClient({ navigate: (to) => void router.navigate(to) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (
  <StrictMode>
    <Providers catalog={catalog}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

if (ssrData) hydrateRoot(container, app);
else createRoot(container).render(app);

// A currency chosen before the cookie existed reaches the server from now on.
rememberCurrencyInCookie();
