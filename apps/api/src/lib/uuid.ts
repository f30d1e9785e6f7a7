import { randomBytes } from 'node:crypto';

/**
 * RFC 9562 UUID version 7: a 48-bit millisecond timestamp then random bits. Ids sort in
 * creation order, which is what "sorted by id" (spec §7, products) should mean to a shopper,
 * and they index better than random v4 ids.
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
