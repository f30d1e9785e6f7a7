import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../session/session-store.ts';
import { loadWishlist, useWishlist } from '../wishlist-store.ts';
import './wishlist-link.css';

/** The header's wishlist link with its count; only for signed-in users (a visitor has no wishlist). */
export function WishlistLink() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const count = useWishlist((state) => state.ids.length);

  useEffect(() => {
    if (isLoggedIn) void loadWishlist();
  }, [isLoggedIn]);

  if (!isLoggedIn) return null;
  return (
    <Link to="/wishlist" className="wishlist-link" data-testid="wishlist-link">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 && (
        <span className="wishlist-link__badge" data-testid="wishlist-count" aria-hidden="true">
          {count}
        </span>
      )}
      <span className="visually-hidden">
        Wishlist, {count} {count === 1 ? 'item' : 'items'}
      </span>
    </Link>
  );
}
