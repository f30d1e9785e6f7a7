/** Money without zod: currencies, minor units and price formatting (`@app/contract/money`). */
export * from './currencies.ts';
export * from './format.ts';
export * from './derivation.ts';
