import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { useAddToCart } from '../../../app/routes/use-add-to-cart.ts';
import { PageTitle } from '../../../app/routes/PageTitle.tsx';
import { loginPath } from '../../auth/redirects.ts';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { useSession } from '../../session/session-store.ts';
import { clearWishlist, loadWishlist, useWishlist } from '../wishlist-store.ts';
import { WishlistRow } from '../components/WishlistRow.tsx';
import './wishlist-page.css';

/** /wishlist: the signed-in user's saved products, oldest first; remove one or all. */
export function WishlistPage() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const { status, items, pending } = useWishlist();
  const currency = useDisplayCurrency();
  const addToCart = useAddToCart();
  const toast = useToast();
  const [clearing, setClearing] = useState(false);

  useEffect(() => {
    // Fresh on every visit: another tab or device may have changed it.
    if (isLoggedIn) void loadWishlist(true);
  }, [isLoggedIn]);

  if (!isLoggedIn) return <Navigate to={loginPath({ next: '/wishlist' })} replace />;

  async function removeAll() {
    setClearing(true);
    const outcome = await clearWishlist();
    setClearing(false);
    if (outcome.ok) toast.success('Removed All From Wishlist');
    else toast.error(outcome.message);
  }

  const loading = status === 'idle' || (status === 'loading' && items.length === 0);

  return (
    <div className="container wishlist-page">
      <PageTitle title="Your wishlist — Carbonwise" />
      <header className="wishlist-page__header">
        <div>
          <h1 className="wishlist-page__title">Your wishlist</h1>
          {status === 'ready' && items.length > 0 && (
            <p className="wishlist-page__count">
              {items.length} {items.length === 1 ? 'product' : 'products'}
            </p>
          )}
        </div>
        {status === 'ready' && items.length > 0 && (
          <Button variant="secondary" onClick={() => void removeAll()} loading={clearing} disabled={pending.length > 0 && !clearing}>
            Remove all
          </Button>
        )}
      </header>

      {loading ? (
        <div aria-busy="true" className="wishlist-page__list">
          <p className="visually-hidden" role="status">
            Loading your wishlist…
          </p>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height="7rem" />
          ))}
        </div>
      ) : status === 'error' ? (
        <section role="alert" className="wishlist-page__state">
          <h2 className="wishlist-page__state-title">Failed to fetch your wishlist</h2>
          <p>Please check your connection and try again.</p>
          <Button variant="secondary" onClick={() => void loadWishlist(true)}>
            Retry
          </Button>
        </section>
      ) : items.length === 0 ? (
        <section className="wishlist-page__state" data-testid="wishlist-empty">
          <h2 className="wishlist-page__state-title">Your wishlist is empty</h2>
          <p>Tap the heart on any product to keep it here for later.</p>
          <Link to="/products" className={buttonClassName('primary', 'lg')}>
            Browse the shop
          </Link>
        </section>
      ) : (
        <ul className="wishlist-page__list" aria-label="Saved products">
          {items.map((product) => (
            <WishlistRow key={product.id} product={product} currency={currency} onAddToCart={addToCart} busy={pending.includes(product.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
