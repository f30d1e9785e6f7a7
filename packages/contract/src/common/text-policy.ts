import { z } from 'zod';

/**
 * The one policy for every free-text field people type (names, addresses, referral ids), used
 * by the web forms and the server alike (decision 0005):
 * - a lone UTF-16 surrogate is refused (it cannot be stored; the database would turn it into U+FFFD);
 * - the text is normalised to NFC and trimmed, so the same name is always the same string;
 * - control characters (C0, DEL, C1), bidirectional embeddings, overrides and isolates
 *   (U+202A–U+202E, U+2066–U+2069: they make text display in another order than it reads),
 *   and < or > (no markup in plain text) are refused;
 * - text made only of invisible characters (spaces, zero-width and other format characters,
 *   fillers) is refused: it would show as nothing.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const MARKUP = /[<>]/;
/** Whitespace, format characters (zero-width, joiners, BOM, marks), variation selectors and blank-looking fillers. */
const INVISIBLE = /[\p{White_Space}\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0]/gu;

/**
 * Whether a value someone looks a thing up by (an address name in a path, a business name) holds
 * what no stored name does: a control character (a NUL cannot even be compared by PostgreSQL) or
 * a lone surrogate. Lookup schemas refuse such a value with a message naming their field.
 */
export function hasControlOrBrokenCharacters(value: string): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/**
 * A value someone looks a thing up by (a path's address name, a business name): trimmed,
 * required, at most `max` characters, and refused by name when it holds a control or broken
 * character (hasControlOrBrokenCharacters). `what` is how messages call it, e.g. "an address name".
 */
export function lookupField(what: string, max: number, { lowercase = false }: { lowercase?: boolean } = {}) {
  const It = what.charAt(0).toUpperCase() + what.slice(1);
  const trimmed = lowercase ? z.string().trim().toLowerCase() : z.string().trim();
  return trimmed
    .min(1, `Give ${what}`)
    .max(max, `${It} has at most ${max} characters`)
    .refine((value) => !hasControlOrBrokenCharacters(value), `${It} cannot contain control characters`);
}

/** Whether a string has at least one character that shows. */
export function hasVisibleCharacters(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

export interface TextFieldOptions {
  /** How the field is called in messages, e.g. "first name", "city". */
  label: string;
  max: number;
  /** true: an empty value is refused with "Enter your …". */
  required?: boolean;
  /** true: line breaks and tabs are allowed (a description, an "about us"); other controls are not. */
  multiline?: boolean;
}

const LINE_BREAKS_AND_TABS = /[\n\r\t]/g;

/** A free-text field under the policy above; messages name the field. */
export function textField({ label, max, required = false, multiline = false }: TextFieldOptions) {
  return z
    .string({ error: `Enter your ${label}` })
    .refine((value) => !LONE_SURROGATE.test(value), { message: `Your ${label} contains a broken character (a lone surrogate); please type it again`, abort: true })
    .normalize('NFC')
    .trim()
    .refine((value) => !required || value.length > 0, { message: `Enter your ${label}`, abort: true })
    .max(max, `Your ${label} can have at most ${max} characters`)
    .refine((value) => !CONTROL.test(multiline ? value.replace(LINE_BREAKS_AND_TABS, '') : value), `Your ${label} cannot contain control characters`)
    .refine((value) => !BIDI_CONTROL.test(value), `Your ${label} cannot contain text-direction control characters`)
    .refine((value) => !MARKUP.test(value), `Your ${label} cannot contain < or >`)
    .refine((value) => value.length === 0 || hasVisibleCharacters(value), `Your ${label} must contain visible characters, not only blank or invisible ones`);
}
