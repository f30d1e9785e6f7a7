export * from './cart.ts';
export * from './card-limits.ts';
export * from './limits.ts';
