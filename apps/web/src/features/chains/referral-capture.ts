import { REFERRAL_PARAM_KEYS } from '@app/contract/chains-rules';

/**
 * Spec §3/§4 Referral: a referral parameter (`RID` or `ReferralID`) in any page's address is
 * stored under its own name for sign-up and the order, and the visitor is sent on to the page
 * without it (the deep link's target), so the id is not passed on when the address is shared.
 * Runs in the layout on every page, so it stays tiny: no API client, no zod.
 */
const REFERRAL = /^[A-Za-z0-9-]{3,120}$/;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Stores a referral id found in `search`; answers the search without the referral parameters, or null when it had none. */
export function captureReferral(search: string): string | null {
  const params = new URLSearchParams(search);
  const found = REFERRAL_PARAM_KEYS.filter((key) => params.has(key));
  if (found.length === 0) return null;
  const store = storage();
  for (const key of found) {
    const value = params.get(key)?.trim();
    if (value && REFERRAL.test(value) && store) {
      for (const other of REFERRAL_PARAM_KEYS) store.removeItem(other);
      store.setItem(key, value);
      break;
    }
  }
  for (const key of REFERRAL_PARAM_KEYS) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The stored referral id (either key), if any. */
export function storedReferral(): string | null {
  const store = storage();
  for (const key of REFERRAL_PARAM_KEYS) {
    const value = store?.getItem(key)?.trim();
    if (value && REFERRAL.test(value)) return value;
  }
  return null;
}

/**
 * Run by the browser entry (main.tsx) on a page load whose address has a referral parameter:
 * stores it and takes it out of the address bar. Loaded only then, so other visits do not pay
 * for it in their first load.
 */
export function takeReferralFromAddress(): void {
  const rest = captureReferral(window.location.search);
  if (rest !== null) window.history.replaceState(window.history.state, '', window.location.pathname + rest + window.location.hash);
}
