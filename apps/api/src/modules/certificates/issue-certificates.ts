import type { Tx } from '../cart/cart.repository.ts';

/**
 * Called by orders.service.ts `markOrderPaid` inside the transaction that marks the order paid,
 * so a paid order and its certificates commit together. PLACEHOLDER: the certificates module
 * replaces this body (one certificate per paid offset line); keep the signature.
 */
export async function issueCertificatesForOrder(tx: Tx, orderId: string): Promise<void> {}
