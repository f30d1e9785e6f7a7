import type { OrderCreateBody } from '@app/contract/orders';

/** A fresh Idempotency-Key (36 visible characters, inside the API's 8–128). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Old browsers without randomUUID: still unguessable enough to tell two attempts apart.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `co-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The Idempotency-Key of one checkout attempt. The same order, sent again (a double click, or
 * "try again" after the answer was lost), goes with the same key, so the server returns the first
 * order instead of placing a second. A new key is made when the order differs from the last one
 * sent (another address or choice: a new attempt), and after an answer that says no order was
 * made (a 4xx) or one was (success), so the next submit is a new attempt.
 */
export class CheckoutAttempt {
  private current: { key: string; fingerprint: string } | null = null;

  keyFor(body: OrderCreateBody): string {
    const fingerprint = JSON.stringify(body);
    if (!this.current || this.current.fingerprint !== fingerprint) this.current = { key: newIdempotencyKey(), fingerprint };
    return this.current.key;
  }

  /** The attempt's outcome is known (placed, or refused with nothing made): the next submit is a new attempt. */
  settle(): void {
    this.current = null;
  }
}
