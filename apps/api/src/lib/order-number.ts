import { randomInt } from 'node:crypto';

/** Readable on the phone: no 0/O or 1/I. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RANDOM_CHARS = 8;

/**
 * An order's reference for mails and support: GM-<UTC date>-<8 random characters>, e.g.
 * GM-20261123-4F7K2QXA. 32^8 (10^12) values a day make a clash practically impossible; the
 * column is unique all the same.
 */
export function randomOrderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < RANDOM_CHARS; i += 1) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `GM-${day}-${tail}`;
}
