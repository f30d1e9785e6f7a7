export * from './cart-count-store.ts';
export * from './guest-cart.ts';
export { mergeGuestCartIntoAccount, useCartCountSync } from './cart-sync.ts';
