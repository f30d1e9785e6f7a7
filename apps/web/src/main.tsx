import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { CatalogCache } from './features/products/api/catalog-cache.ts';
import { rememberCurrencyInCookie, setRenderedCurrency } from './features/currency/currency-store.ts';
import { readSsrData } from './ssr/ssr-data.ts';
import { setQuerySeed } from './app/query-seed.ts';
import { setRenderedLanguages } from './lib/visitor-languages.ts';
import { REFERRAL_PARAM_KEYS } from '@app/contract/chains-rules';
import './styles/tokens.css';
import './styles/base.css';

/**
 * The browser entry. A public page arrives server-rendered with a data island: the catalog cache
 * and the currency start from the server's state and React hydrates the HTML. Other pages arrive
 * as the empty app shell and are rendered here.
 */
const ssrData = readSsrData(document);
if (ssrData) {
  setRenderedCurrency(ssrData.currency);
  setQuerySeed(ssrData.queries);
  if (ssrData.languages) setRenderedLanguages(ssrData.languages);
}
const catalog = new CatalogCache(ssrData?.catalog);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const app = (
  <StrictMode>
    <Providers catalog={catalog}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A page's own chunk (preloaded beside the entry) hydrates when it arrives: its server markup
// stays as drawn until then (lazy-section.tsx). Hydrating in a transition lets React yield to the
// browser every few milliseconds instead of hydrating the whole page in one long task, so a tap
// or a scroll during hydration is answered at once (React Router's own browser entry does the same).
if (ssrData) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}

// A referral parameter in the address (spec §4 Referral) is stored and taken out of the address;
// its code loads only on such a visit. The rendered page does not depend on it, so hydration is unaffected.
if (new RegExp(`[?&](${REFERRAL_PARAM_KEYS.join('|')})=`).test(window.location.search)) {
  void import('./features/chains/referral-capture.ts').then(({ takeReferralFromAddress }) => takeReferralFromAddress());
}

// A currency chosen before the cookie existed reaches the server from now on.
rememberCurrencyInCookie();
