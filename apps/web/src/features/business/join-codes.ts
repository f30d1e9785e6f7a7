import { JOIN_CODE_KEYS, landingPageForRole, type BusinessMemberRole } from '@app/contract/business-rules';
import { apiClient, errorMessage } from '../../lib/api-client.ts';

/**
 * Join codes (spec §3 stored keys, §4): a link such as `/login?JoinBusinessCode=CODE` stores the
 * code; login and register keep it; once signed in the web joins the business with it once, then
 * forgets it, and the person lands on the employer page (employees) or the business page
 * (suppliers and distributors). Kept free of zod: the layout runs `captureJoinCodes` on every page.
 */
type JoinKey = keyof typeof JOIN_CODE_KEYS;
const KEYS = Object.keys(JOIN_CODE_KEYS) as JoinKey[];
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

function forgetJoinCodes(): void {
  const store = storage();
  for (const key of KEYS) store?.removeItem(key);
}

export interface JoinOutcome {
  /** Where to go now: the page for the role joined, or null when nothing was joined. */
  landing: string | null;
  /** A message for the person when the code could not be used. */
  problem: string | null;
}

let pendingLanding: string | null = null;

/** The page the last sign-in's join leads to, once (the login page navigates there instead of home). */
export function takeJoinLanding(): string | null {
  const landing = pendingLanding;
  pendingLanding = null;
  return landing;
}

/**
 * Joins the business of the stored code (signed in). A code that worked, or that cannot work
 * (unknown, own business, already in another one), is forgotten; after a network failure it is
 * kept for the next sign-in. Never throws: sign-in finishes either way.
 */
export async function joinStoredBusiness(): Promise<JoinOutcome> {
  const stored = storedJoinCode();
  if (!stored) return { landing: null, problem: null };
  try {
    const response = await apiClient.post<{ data?: { role?: BusinessMemberRole } }>('v1/business-user-profiles/join', { businessCode: stored.code });
    if (response.status >= 500) return { landing: null, problem: 'We could not add you to the business just now; please use the link again later.' };
    forgetJoinCodes();
    if (response.ok && response.data?.data?.role) {
      pendingLanding = landingPageForRole(response.data.data.role);
      return { landing: pendingLanding, problem: null };
    }
    return { landing: null, problem: errorMessage(response, 'This business code could not be used.') };
  } catch {
    return { landing: null, problem: 'We could not reach Carbonwise to add you to the business; use the link again when you are online.' };
  }
}
