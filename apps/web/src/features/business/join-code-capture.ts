import { JOIN_CODE_KEYS } from '@app/contract/business-rules';

/**
 * Join codes in links (spec §3 stored keys, §4): `/login?JoinBusinessCode=CODE` stores the code
 * for the sign-in that follows. Runs in the layout on every page, so it stays tiny: no API client,
 * no zod. Using the stored code is join-codes.ts, loaded by the sign-in when it needs it.
 */
export type JoinKey = keyof typeof JOIN_CODE_KEYS;
export const KEYS = Object.keys(JOIN_CODE_KEYS) as JoinKey[];
const CODE = /^[A-Za-z0-9-]{3,40}$/;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Stores any join code in the address's query (a later code replaces an earlier one of any kind). */
export function captureJoinCodes(search: string): boolean {
  const params = new URLSearchParams(search);
  const store = storage();
  if (!store) return false;
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value && CODE.test(value)) {
      for (const other of KEYS) store.removeItem(other);
      store.setItem(key, value);
      return true;
    }
  }
  return false;
}

/** The stored code and the role it is meant for, if any. */
export function storedJoinCode(): { key: JoinKey; code: string } | null {
  const store = storage();
  for (const key of KEYS) {
    const code = store?.getItem(key);
    if (code && CODE.test(code)) return { key, code };
  }
  return null;
}

export function forgetJoinCodes(): void {
  const store = storage();
  for (const key of KEYS) store?.removeItem(key);
}

