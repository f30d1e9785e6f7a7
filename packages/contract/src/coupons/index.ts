export * from './coupon.ts';
