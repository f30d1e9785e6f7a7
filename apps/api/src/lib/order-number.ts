import { randomInt } from 'node:crypto';

/** Readable on the phone: no 0/O or 1/I. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const GROUP = 5;

/**
 * An order's reference for mails and support: GM-<5>-<5> random characters, e.g. GM-4F7K2-QXA9M.
 * No date in it: a date stamped in UTC contradicted the buyer's own ("Placed on 25 Nov" beside
 * GM-20261126-…, issue 26); the order's page shows when it was placed, in the reader's zone.
 * 32^10 (10^15) values make a clash practically impossible; the column is unique all the same.
 * Orders numbered before kept their GM-<date>-<8> numbers.
 */
export function randomOrderNumber(): string {
  const group = () => Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `GM-${group()}-${group()}`;
}
