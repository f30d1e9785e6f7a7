import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Product } from '@app/contract';
import { useToast } from '../../../components/ui/useToast.ts';
import { useSession } from '../../session/session-store.ts';
import { addToWishlist, loadWishlist, removeFromWishlist, useWishlist } from '../wishlist-store.ts';
import './wishlist-heart.css';

export interface WishlistHeartProps {
  product: Pick<Product, 'id' | 'name'>;
  /** 'overlay' sits on a card's image; 'inline' beside the product page's buttons. */
  variant?: 'overlay' | 'inline';
}

/**
 * The heart that keeps a product on the wishlist: a toggle button (aria-pressed) with the spec's
 * toasts. A visitor who is not signed in is taken to the login page, which brings them back.
 */
export function WishlistHeart({ product, variant = 'overlay' }: WishlistHeartProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const saved = useWishlist((state) => state.ids.includes(product.id));
  const busy = useWishlist((state) => state.pending.includes(product.id));

  useEffect(() => {
    if (isLoggedIn) void loadWishlist();
  }, [isLoggedIn]);

  async function toggle() {
    if (!isLoggedIn) {
      navigate('/login', { state: { from: location.pathname + location.search } });
      return;
    }
    const outcome = saved ? await removeFromWishlist(product.id) : await addToWishlist(product.id);
    if (outcome.ok) toast.success(saved ? 'Removed From Wishlist' : 'Added To Wishlist');
    else toast.error(outcome.message);
  }

  return (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${variant}`}
      aria-pressed={isLoggedIn ? saved : false}
      // On a card the product's name tells the hearts apart; on the product page the visible word names it.
      aria-label={variant === 'overlay' ? `Wishlist: ${product.name}` : undefined}
      title={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="wishlist-heart"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {/* One name whatever the state: aria-pressed says whether it is on the list. */}
      {variant === 'inline' && <span>Wishlist</span>}
    </button>
  );
}
