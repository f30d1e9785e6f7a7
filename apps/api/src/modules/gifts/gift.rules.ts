import { hash } from 'node:crypto';
import { pooledRandomBytes } from '../../lib/random-pool.ts';

/** A claim token: 256 random bits from the shared pool, 43 URL-safe characters (GIFT_TOKEN_PATTERN). Only its hash is stored. */
export const newGiftToken = (): string => pooledRandomBytes(32).toString('base64url');
export const giftTokenHash = (token: string): string => hash('sha256', token, 'hex');

/** When the recipient's email may go: the chosen day (00:00 UTC), or now when none was chosen or it has come. */
export function giftSendAt(deliverOn: string | null, now: Date): Date {
  if (!deliverOn) return now;
  const day = new Date(`${deliverOn}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day <= now ? now : day;
}
