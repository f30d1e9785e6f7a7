import { apiClient, errorMessage } from '../../lib/api-client.ts';

/**
 * A cart bought "for an event" (issue 26): tied only when the shopper presses "Buy for this
 * event" on the event page; viewing an event stores nothing. A signed-in shopper's tie lives on
 * the server cart (`PATCH v1/carts {conferanceCode}`); a guest's in the spec's stored key
 * `conferenceCode` (§3, kept through login, §4) until the guest cart joins the account, which
 * sends it along. The checkout shows the tie, lets the shopper remove it, and its own choice wins.
 */
export const GUEST_EVENT_TIE_KEY = 'conferenceCode';

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The guest's stored tie, if it is a well-formed code. */
export function readGuestEventTie(): string | null {
  try {
    const code = localStorage.getItem(GUEST_EVENT_TIE_KEY)?.trim() ?? '';
    return CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function forgetGuestEventTie(): void {
  try {
    localStorage.removeItem(GUEST_EVENT_TIE_KEY);
  } catch {
    /* storage unavailable: nothing stored */
  }
}

/** Ties the cart to the event, or (null) removes the tie. Throws with the server's message when refused. */
export async function setCartEventTie(conferanceCode: string | null, signedIn: boolean): Promise<void> {
  if (!signedIn) {
    try {
      if (conferanceCode) localStorage.setItem(GUEST_EVENT_TIE_KEY, conferanceCode);
      else localStorage.removeItem(GUEST_EVENT_TIE_KEY);
    } catch {
      throw new Error('Your browser does not let this shop remember the event. Sign in to buy for it.');
    }
    return;
  }
  const response = await apiClient.patch<{ message?: string }>('v1/carts', { products: [], conferanceCode });
  if (!response.ok) throw new Error(errorMessage(response, 'Your cart could not be changed just now. Please try again.'));
}
