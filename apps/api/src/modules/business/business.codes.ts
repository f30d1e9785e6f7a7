import { randomInt } from 'node:crypto';

/**
 * Codes and address names (slugs) for businesses. Codes are read aloud and typed from a slide or
 * an email, so they start with the business's name and end in characters that cannot be confused
 * (no 0/O, 1/I/L). The public code (GREENLEAF-7K2QXH) has six random characters; the secret join
 * codes (GREENLEAF-EMP-…, -SUP-…, -DIS-…) eight, ~850 billion per name, so guessing one through a
 * rate-limited join is hopeless. The unique indexes catch the rare collision and the caller draws again.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RANDOM_LENGTH = 6;
const SECRET_LENGTH = 8;

/** The three roles a join code gives, and the marker each code carries after the name. */
export const JOIN_CODE_MARKERS = { employee: 'EMP', supplier: 'SUP', distributor: 'DIS' } as const;
export type JoinRole = keyof typeof JOIN_CODE_MARKERS;
/** The column that holds each role's join code. */
export const JOIN_CODE_COLUMNS = { employee: 'employeeJoinCode', supplier: 'supplierCode', distributor: 'distributorCode' } as const;
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

/** A fresh secret join code for one role. */
export function newJoinCode(name: string, role: JoinRole): string {
  return `${codePrefix(name)}-${JOIN_CODE_MARKERS[role]}-${randomPart(SECRET_LENGTH)}`;
}

/** The public code and the three secret join codes of a new business. */
export function newJoinCodes(name: string) {
  return {
    businessCode: `${codePrefix(name)}-${randomPart()}`,
    employeeJoinCode: newJoinCode(name, 'employee'),
    supplierCode: newJoinCode(name, 'supplier'),
    distributorCode: newJoinCode(name, 'distributor'),
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
