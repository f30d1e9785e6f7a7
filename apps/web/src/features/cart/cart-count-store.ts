import { createStore, useStore } from '../../lib/create-store.ts';
import { registerClientStateReset } from '../../lib/client-state.ts';

/**
 * The header's cart badge count (spec §3 cart state `localCartCount`). Until the cart issue
 * lands, "Add to cart" only increments this; the cart feature will set it from the server cart.
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
