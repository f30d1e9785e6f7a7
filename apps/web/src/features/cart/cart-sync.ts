import { useEffect } from 'react';
import { useSession } from '../session/session-store.ts';
import { setCartCount } from './cart-count-store.ts';
import { getCart, mergeGuestLines } from './cart-api.ts';
import { clearGuestCart, guestCartCount, readGuestCart } from './guest-cart.ts';

/**
 * After login: the guest's browser cart joins the account's cart (PATCH v1/carts with
 * itemsPreLogin) and is emptied; the header count then comes from the server's answer. If the
 * merge fails the browser cart is kept, so the next sign-in tries again. Never throws: a cart
 * problem must not fail a login.
 */
export async function mergeGuestCartIntoAccount(): Promise<void> {
  try {
    const lines = readGuestCart();
    const response = lines.length > 0 ? await mergeGuestLines(lines) : await getCart();
    if (response.ok && response.data?.data) {
      if (lines.length > 0) clearGuestCart();
      setCartCount(response.data.data.itemCount);
    }
  } catch {
    /* offline: the count stays as it is; the browser cart is still there */
  }
}

/**
 * Sets the header count once the page is live: a guest's from the browser cart, a signed-in
 * person's from the server cart. (The server renders 0; this runs after hydration.)
 */
export function useCartCountSync(): void {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  useEffect(() => {
    if (!isLoggedIn) {
      setCartCount(guestCartCount());
      return;
    }
    // A guest cart still in the browser is being merged by the sign-in, which sets the count.
    if (guestCartCount() > 0) return;
    let current = true;
    getCart().then(
      (response) => {
        if (current && response.ok && response.data?.data) setCartCount(response.data.data.itemCount);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [isLoggedIn]);
}
