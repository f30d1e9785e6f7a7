export * from './cart-count-store.ts';
