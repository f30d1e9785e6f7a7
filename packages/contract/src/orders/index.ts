export * from './order.ts';
export * from './certificate.ts';
export * from './payment-webhook.ts';
export * from './fulfilment.ts';
export * from './gift-claim.ts';
