/**
 * The operator console's API contract (`/api/admin/v1`), imported as `@app/contract/admin` by the
 * API and by the console's pages only (storefront pages never load it). Decision 0028 says how an
 * operator signs in and passes the second factor.
 */
export * from './common.ts';
export * from './session.ts';
export * from './operators.ts';
export * from './audit.ts';
export * from './products.ts';
export * from './stock.ts';
export * from './taxonomy.ts';
export * from './coupons.ts';
export * from './reviews.ts';
export * from './customers.ts';
export * from './newsletter.ts';
export * from './dashboard.ts';
export * from './orders.ts';
export * from './order-operations.ts';
export * from './routes.ts';
