import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Unsubscribe links must keep working in every newsletter ever sent, so they cannot be
 * single-use secrets stored per mail. Each carries the subscriber id and an HMAC of it under a
 * server key: nothing secret is stored, and nobody can forge a link for another subscriber.
 */
export function unsubscribeToken(key: string, subscriberId: string): string {
  return `${subscriberId}.${signature(key, subscriberId)}`;
}

/** The subscriber id of a genuine unsubscribe token, or null for anything else. */
export function readUnsubscribeToken(key: string, token: string | undefined): string | null {
  if (!token) return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, given] = match;
  const expected = Buffer.from(signature(key, id!));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id! : null;
}

function signature(key: string, subscriberId: string): string {
  return createHmac('sha256', key).update(`unsubscribe:${subscriberId}`).digest('base64url');
}
