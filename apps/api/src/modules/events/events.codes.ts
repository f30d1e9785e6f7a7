import { randomInt } from 'node:crypto';
import { codePrefix } from '../business/business.codes.ts';

/**
 * Conference codes: read from a slide and typed, so they start with the event's name and end in
 * characters that cannot be confused (no 0/O, 1/I/L), e.g. CLIMATESUM-7K2QXH. The unique index
 * catches the rare collision and the caller draws again. Stored uppercase, matched in any case.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newConferanceCode(eventName: string): string {
  let random = '';
  for (let i = 0; i < 6; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  const prefix = codePrefix(eventName);
  return `${prefix === 'BIZ' ? 'EVENT' : prefix}-${random}`;
}
