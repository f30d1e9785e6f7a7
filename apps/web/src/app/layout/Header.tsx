import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CurrencySelect } from '../../features/currency/CurrencySelect.tsx';
import { useCartCount } from '../../features/cart/cart-count-store.ts';
import { useSession } from '../../features/session/session-store.ts';
import { SHOP_NAV_ITEMS, parseKind } from '../nav-items.ts';
import { WishlistLink } from '../../features/wishlist/components/WishlistLink.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { Logo } from './Logo.tsx';
import './header.css';

const CALCULATOR_PATH = '/carbon-calculator';

// Signed-in visitors only (the server renders every page signed out): its code, with sign-out's,
// loads when the session says someone is signed in.
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((module) => ({ default: module.AccountMenu })));

/**
 * Site header. On wide screens everything sits in one row; up to 1,180 px the navigation,
 * currency and account collapse behind a disclosure button (aria-expanded/aria-controls),
 * while the logo and the cart stay visible. Signed in, "Log in" becomes the account menu.
 */
export function Header() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const cartCount = useCartCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const activeKind = location.pathname === '/' ? parseKind(searchParams.get('kind')) : undefined;
  const onCalculator = location.pathname === CALCULATOR_PATH;
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const firstName = useSession((state) => state.user?.firstName ?? null);
  // "Log in" remembers this page, so the login can bring the person back to it.
  const onAuthPage = ['/login', '/forgot-password', '/reset-password', '/verify-account'].includes(location.pathname);
  const loginState = onAuthPage ? undefined : { from: location.pathname + location.search };

  // A navigation closes the menu, so the chosen page is what the user sees.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  // Escape closes the open menu and returns focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand">
          <Logo />
          <span>Carbonwise</span>
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span className="visually-hidden">Menu</span>
        </button>

        <div id="site-menu" className="site-header__menu" data-open={menuOpen}>
          <nav aria-label="Main" className="site-nav">
            <ul className="site-nav__list">
              {SHOP_NAV_ITEMS.map((item) => (
                <li key={item.label}>
                  <Link
                    to={item.to}
                    className="site-nav__link"
                    aria-current={activeKind === item.kind ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
              {/* Where a visitor decides what to offset (issue 26: it was linked only from the footer). */}
              <li>
                <Link to={CALCULATOR_PATH} className="site-nav__link" aria-current={onCalculator ? 'page' : undefined}>
                  Carbon calculator
                </Link>
              </li>
            </ul>
          </nav>
          <div className="site-header__tools">
            {/* The catalog page has its own, larger search box. */}
            {location.pathname !== '/products' && <HeaderSearch />}
            <CurrencySelect showLabel={menuOpen} />
            <WishlistLink />
            {isLoggedIn ? (
              <Suspense fallback={<span className="site-header__account" aria-hidden="true" />}>
                <AccountMenu firstName={firstName} />
              </Suspense>
            ) : (
              <Link to="/login" state={loginState} className="site-header__account">
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <circle cx="12" cy="8.5" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  <path d="M5 19.5c1.2-3.3 3.8-5 7-5s5.8 1.7 7 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
                Log in
              </Link>
            )}
          </div>
        </div>

        <Link to="/other/cart" className="site-header__cart">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M6 8h12l-1 11.5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 19.5L6 8Zm3 0V6.5a3 3 0 0 1 6 0V8"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          {/* One hidden text names the link ("Cart, 2 items") whether or not the word shows (≤ 480 px it does not). */}
          <span className="site-header__cart-label" aria-hidden="true">
            Cart
          </span>
          <span className="site-header__cart-badge" data-testid="cart-count" aria-hidden="true">
            {cartCount}
          </span>
          <span className="visually-hidden">
            Cart, {cartCount} {cartCount === 1 ? 'item' : 'items'}
          </span>
        </Link>
      </div>
    </header>
  );
}
