export * from './errors/error-codes.ts';
export * from './common/envelope.ts';
export * from './constants/spec.ts';
export * from './money/currency.ts';
export * from './money/format.ts';
export * from './catalog/product.ts';
export * from './catalog/text.ts';
export * from './auth/index.ts';
