export * from './catalog.ts';
export * from './reference.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './carbon.ts';
export * from './orders.ts';
export * from './reviews.ts';
export * from './mailing-list.ts';
