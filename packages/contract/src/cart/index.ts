export * from './cart.ts';
export * from './rules.ts';
export * from './gift.ts';
