export * from './order.ts';
export * from './certificate.ts';
