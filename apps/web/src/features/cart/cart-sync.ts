import { useEffect } from 'react';
import { useSession } from '../session/session-store.ts';
import { setCartCount } from './cart-count-store.ts';
import { getCart, mergeGuestLines } from './cart-api.ts';
import { forgetGuestEventTie, readGuestEventTie } from './event-tie.ts';
import { clearGuestCart, guestCartCount, guestCartId, readGuestCart } from './guest-cart.ts';

let inFlight: Promise<void> | null = null;

/**
 * After login: the guest's browser cart joins the account's cart (PATCH v1/carts with
 * itemsPreLogin, the browser cart's id as mergeId and its event tie, if any) and is emptied; the header count then
 * comes from the server's answer. If the merge fails, the browser cart is kept and the next page
 * load tries again; the server adds one mergeId only once, so an answer lost to a reload does not
 * add the cart twice. One merge at a time per page. Never throws: a cart problem must not fail a login.
 */
export function mergeGuestCartIntoAccount(): Promise<void> {
  inFlight ??= (async () => {
    try {
      const lines = readGuestCart();
      // A guest's "Buy for this event" goes with their lines (and only with lines: a tie to nothing is dropped).
      let eventTie = lines.length > 0 ? readGuestEventTie() : null;
      let response = lines.length > 0 ? await mergeGuestLines(lines, guestCartId(), eventTie) : await getCart();
      if (eventTie && response.status === 404) {
        // The event is gone: the lines still join the account, untied.
        forgetGuestEventTie();
        eventTie = null;
        response = await mergeGuestLines(lines, guestCartId());
      }
      if (response.ok && response.data?.data) {
        if (lines.length > 0) clearGuestCart();
        if (eventTie) forgetGuestEventTie();
        setCartCount(response.data.data.itemCount);
      }
    } catch {
      /* offline: the count stays as it is; the browser cart is still there */
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Resolves once no guest cart is waiting to be merged (the cart page reads the server cart after it). */
export async function guestCartMerged(): Promise<void> {
  if (inFlight) await inFlight;
  if (guestCartCount() > 0) await mergeGuestCartIntoAccount();
}

/**
 * Sets the header count once the page is live: a guest's from the browser cart, a signed-in
 * person's from the server cart, merging a guest cart left from an interrupted sign-in first.
 * (The server renders 0; this runs after hydration.)
 */
export function useCartCountSync(): void {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  useEffect(() => {
    if (!isLoggedIn) {
      setCartCount(guestCartCount());
      return;
    }
    let current = true;
    if (guestCartCount() > 0) {
      void mergeGuestCartIntoAccount();
      return;
    }
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
