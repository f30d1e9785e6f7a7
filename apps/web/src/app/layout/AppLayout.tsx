import { Outlet } from 'react-router';
import { Toaster } from '../../components/ui/Toaster.tsx';
import { CompareBar } from '../../features/compare/components/CompareBar.tsx';
import { useAddToCart } from '../routes/use-add-to-cart.ts';
import { useSessionCookieCheck } from '../../features/session/useSessionCookieCheck.ts';
import { useSessionHydration } from '../../features/session/useSessionHydration.ts';
import { useCartCountSync } from '../../features/cart/cart-sync.ts';
import { useFirstVisitCurrency } from '../../features/currency/first-visit.ts';
import { Header } from './Header.tsx';
import { useScrollRestoration } from './useScrollRestoration.ts';
import { Footer } from './Footer.tsx';
import './layout.css';

/** The shell around every page: skip link, header, main content, footer and the toast stack. */
export function AppLayout() {
  useSessionCookieCheck();
  useSessionHydration();
  useCartCountSync();
  useFirstVisitCurrency();
  useScrollRestoration();
  const addToCart = useAddToCart();
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
      <CompareBar onAddToCart={addToCart} />
      <Toaster />
    </div>
  );
}
