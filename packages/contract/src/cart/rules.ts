/**
 * The cart's rules without zod, for the web's first load (the add-to-cart hook is on the home
 * page): caps and the card provider's range. Imported in the browser as `@app/contract/cart-rules`.
 */
export * from './limits.ts';
export * from './card-limits.ts';
export * from './gift-rules.ts';
