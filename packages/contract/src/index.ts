export * from './errors/error-codes.ts';
export * from './common/envelope.ts';
export * from './common/text-policy.ts';
export * from './constants/spec.ts';
export * from './money/currency.ts';
export * from './money/format.ts';
export * from './catalog/product.ts';
export * from './catalog/text.ts';
export * from './catalog/query.ts';
export * from './catalog/units.ts';
export * from './auth/index.ts';
export * from './carbon/index.ts';
export * from './carbon/schemas.ts';
// Saved footprints and the sustainability profile are subpaths (`@app/contract/footprints`,
// `@app/contract/sustainability`), so their schemas stay out of the web's shared first-load chunk.
export * from './mailing-list/index.ts';
