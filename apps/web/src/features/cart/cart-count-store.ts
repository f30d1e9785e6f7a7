import { createStore, useStore } from '../../lib/create-store.ts';
import { registerClientStateReset } from '../../lib/client-state.ts';

/**
 * The header's cart badge count (spec §3 cart state `localCartCount`): the lines of the server
 * cart for a signed-in person, of the browser cart for a guest (set by cart-sync.ts and the
 * add-to-cart hook).
 */
const cartCountStore = createStore(0);

export const getCartCount = cartCountStore.get;

export function setCartCount(count: number): void {
  cartCountStore.set(Math.max(0, Math.floor(count)));
}

export function incrementCartCount(by = 1): void {
  cartCountStore.set((count) => count + by);
}

export function resetCartCount(): void {
  cartCountStore.set(0);
}

export function useCartCount(): number {
  return useStore(cartCountStore);
}

// Forced logout resets the cart state with the rest (spec §4).
registerClientStateReset(resetCartCount);
