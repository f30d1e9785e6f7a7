import { randomInt } from 'node:crypto';

/**
 * Join codes and address names (slugs) for businesses. Codes are read aloud and typed from a
 * slide or an email, so they start with the business's name and end in characters that cannot
 * be confused (no 0/O, 1/I/L): GREENLEAF-7K2QXH, GREENLEAF-SUP-…, GREENLEAF-DIS-….
 * Six random characters from 31 give ~887 million codes per name; the unique indexes catch the
 * rare collision and the caller draws again.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RANDOM_LENGTH = 6;
const PREFIX_MAX = 10;

function randomPart(length = RANDOM_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The name folded to ASCII letters and digits, uppercase, at most ten; 'BIZ' when nothing is left. */
export function codePrefix(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PREFIX_MAX);
  return folded.length >= 2 ? folded : 'BIZ';
}

export function newJoinCodes(name: string) {
  const prefix = codePrefix(name);
  return {
    businessCode: `${prefix}-${randomPart()}`,
    supplierCode: `${prefix}-SUP-${randomPart()}`,
    distributorCode: `${prefix}-DIS-${randomPart()}`,
  };
}

/** A URL-safe address name from the business name; `attempt` > 0 adds a random suffix after a collision. */
export function slugFor(name: string, attempt = 0): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'business';
  const padded = base.length >= 3 ? base : `${base}-business`;
  return attempt === 0 ? padded : `${padded}-${randomPart(4).toLowerCase()}`;
}
