import { landingPageForRole, type BusinessMemberRole } from '@app/contract/business-rules';
import { apiClient, errorMessage } from '../../lib/api-client.ts';
import { forgetJoinCodes, storedJoinCode } from './join-code-capture.ts';

export { captureJoinCodes, storedJoinCode } from './join-code-capture.ts';

/**
 * Using a stored join code (spec §4): once signed in the web joins the business with it once,
 * then forgets it, and the person lands on the employer page (employees) or the business page
 * (suppliers and distributors).
 */
export interface JoinOutcome {
  /** Where to go now: the page for the role joined, or null when nothing was joined. */
  landing: string | null;
  /** A message for the person when the code could not be used. */
  problem: string | null;
}

let pendingLanding: string | null = null;
let lastOutcome: JoinOutcome | null = null;

/** What the last sign-in's join did, once (the login page tells the person). */
export function takeJoinOutcome(): JoinOutcome | null {
  const outcome = lastOutcome;
  lastOutcome = null;
  return outcome;
}

/** The page the last sign-in's join leads to, once (the login page navigates there instead of home). */
export function takeJoinLanding(): string | null {
  const landing = pendingLanding;
  pendingLanding = null;
  return landing;
}

/**
 * Joins the business of the stored code (signed in). A code that worked, or that cannot work
 * (unknown, own business, already in another one), is forgotten; after a network failure it is
 * kept for the next sign-in. Never throws: sign-in finishes either way. Calls made while a join
 * is under way share it.
 */
export function joinStoredBusiness(): Promise<JoinOutcome> {
  // One join at a time: the sign-in and the page it lands on (useJoinOnArrival) both ask for it
  // while the code is still stored, and the page must wait for the join, not race it.
  joining ??= join()
    .then((outcome) => (lastOutcome = outcome))
    .finally(() => {
      joining = null;
    });
  return joining;
}

let joining: Promise<JoinOutcome> | null = null;

async function join(): Promise<JoinOutcome> {
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
