export * from './cart.ts';
export * from './rules.ts';
