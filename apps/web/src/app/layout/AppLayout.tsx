import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '../../components/ui/Toaster.tsx';
import { useCompareIds } from '../../features/compare/compare-store.ts';
import { useSessionCookieCheck } from '../../features/session/useSessionCookieCheck.ts';
import { useSessionHydration } from '../../features/session/useSessionHydration.ts';
import { useCartCountSync } from '../../features/cart/cart-sync.ts';
import { useFirstVisitCurrency } from '../../features/currency/use-first-visit-currency.ts';
import { Header } from './Header.tsx';
import { useScrollRestoration } from './useScrollRestoration.ts';
import { lazySection, wakeSections } from '../lazy-section.tsx';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import './layout.css';
import './footer.css';

// At the bottom of every page: its code loads, and it hydrates, when it comes near the viewport.
const Footer = lazySection({ load: () => import('./Footer.tsx').then((module) => module.Footer), hydrate: 'visible' });

// Shown only while the compare list holds something, so its code loads only then.
const CompareBar = lazy(() => import('./CompareBarWithCart.tsx').then((module) => ({ default: module.CompareBarWithCart })));

/** Prices in sections not yet hydrated would stay in the old currency: hydrate them all. */
function useWakeSectionsOnCurrencyChange() {
  const currency = useDisplayCurrency();
  const first = useRef(currency);
  useEffect(() => {
    if (currency !== first.current) wakeSections();
  }, [currency]);
}

/** The shell around every page: skip link, header, main content, footer and the toast stack. */
export function AppLayout() {
  useSessionCookieCheck();
  useSessionHydration();
  useCartCountSync();
  useFirstVisitCurrency();
  useScrollRestoration();
  const comparing = useCompareIds().length > 0;
  useWakeSectionsOnCurrencyChange();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {comparing && (
        <Suspense fallback={null}>
          <CompareBar />
        </Suspense>
      )}
      <Toaster />
    </div>
  );
}
