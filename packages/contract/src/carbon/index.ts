/**
 * The carbon model, zod-free so the browser can import it cheaply (`@app/contract/carbon`).
 * Every function returns kg CO2e with the factor-set year; see ./factors.ts for the constants.
 */
export * from './factors.ts';
export * from './result.ts';
export * from './factors-used.ts';
export * from './geo.ts';
export * from './flights.ts';
export * from './household.ts';
export * from './travel.ts';
export * from './spend-factors.ts';
export * from './event.ts';
export * from './business.ts';
export * from './world.ts';
