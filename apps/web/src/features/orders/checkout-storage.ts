import type { Order } from '@app/contract/orders';

/**
 * The browser-stored keys of spec §3 that the order flow reads and writes, under the names the
 * spec gives them. Storage can be disabled (private mode, policy): every read then answers
 * "nothing stored" and every write is skipped, and checkout still works.
 */
export const ORDER_STORAGE_KEYS = {
  businessOrderSelection: 'BusinessOrderSelection',
  isLastOrderBusiness: 'isLastOrderBusiness',
  totalOrders: 'TotalOrders',
  joinedBusiness: 'JoinedBusinessDetails',
  myBusiness: 'MyBusinessDetails',
  conferenceCode: 'conferenceCode',
  eventOwnerOrder: 'eventOwnerOrder',
  userEventId: 'userEventId',
} as const;

/** A referral parameter is stored under either name (spec §3 RID, ReferralID). */
export const REFERRAL_KEYS = ['RID', 'ReferralID'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the value is simply not remembered */
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing stored */
  }
}

/**
 * Spec §4 order flow: the stored referral id, sent blank when it is the buyer's own id. Only a
 * user id is sent: the API takes nothing else, and a malformed stored value must not fail the order.
 */
export function referralIdFor(userId: string | null | undefined): string {
  const stored = REFERRAL_KEYS.map(read).find((value) => value?.trim())?.trim() ?? '';
  if (!stored || stored === userId || !UUID.test(stored)) return '';
  return stored;
}

/** Spec §4: the referral id is cleared after use. */
export function clearReferral(): void {
  for (const key of REFERRAL_KEYS) remove(key);
}

export interface BusinessMembership {
  businessCode: string;
  name: string | null;
  /** The business owner's user id, when the stored record names it. */
  ownerUserId: string | null;
}

/** One joined-business record (spec §3: businessId with _id and businessCode), in any of the shapes the API may store. */
function membershipOf(record: unknown): BusinessMembership | null {
  if (!record || typeof record !== 'object') return null;
  const outer = record as Record<string, unknown>;
  const business = (outer.businessId && typeof outer.businessId === 'object' ? outer.businessId : outer) as Record<string, unknown>;
  const code = business.businessCode;
  if (typeof code !== 'string' || !code.trim()) return null;
  return {
    businessCode: code.trim(),
    name: typeof business.name === 'string' ? business.name : null,
    ownerUserId: typeof business.userId === 'string' && UUID.test(business.userId) ? business.userId : null,
  };
}

/**
 * The business the signed-in person may buy for: the one they joined (`JoinedBusinessDetails`,
 * stored at login, spec §3/§4), else the one they own (`MyBusinessDetails`); null for a person
 * with neither. Only they are offered a business order.
 */
export function storedBusinessMembership(): BusinessMembership | null {
  return membershipStoredAt(ORDER_STORAGE_KEYS.joinedBusiness) ?? membershipStoredAt(ORDER_STORAGE_KEYS.myBusiness);
}

function membershipStoredAt(key: string): BusinessMembership | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const records = Array.isArray(parsed) ? parsed : [parsed];
    for (const record of records) {
      const membership = membershipOf(record);
      if (membership) return membership;
    }
  } catch {
    /* not JSON: no membership known */
  }
  return null;
}

export type BusinessOrderSelection = 'yes' | 'no';

export function readBusinessOrderSelection(): BusinessOrderSelection {
  return read(ORDER_STORAGE_KEYS.businessOrderSelection) === 'yes' ? 'yes' : 'no';
}

export function storeBusinessOrderSelection(selection: BusinessOrderSelection): void {
  write(ORDER_STORAGE_KEYS.businessOrderSelection, selection);
}

/**
 * The stored event details of spec §3 (event owner flag, user event id), sent with an order the
 * buyer chose to place for their cart's event. The event itself is never taken from storage here:
 * the cart's tie, shown at checkout, names it (issue 26).
 */
export function storedEventTies(): { eventOwnerOrder: boolean | null; businessEventUserId: string | null } {
  const owner = read(ORDER_STORAGE_KEYS.eventOwnerOrder);
  const eventUser = read(ORDER_STORAGE_KEYS.userEventId)?.trim() ?? '';
  return {
    eventOwnerOrder: owner === 'true' ? true : owner === 'false' ? false : null,
    businessEventUserId: UUID.test(eventUser) ? eventUser : null,
  };
}

/** After an order is placed (spec §3/§4): whether it was a business order, one more order, and the referral used up. */
export function recordPlacedOrder(order: Pick<Order, 'isBusinessOrder'>): void {
  write(ORDER_STORAGE_KEYS.isLastOrderBusiness, String(order.isBusinessOrder));
  const total = Number.parseInt(read(ORDER_STORAGE_KEYS.totalOrders) ?? '', 10);
  write(ORDER_STORAGE_KEYS.totalOrders, String((Number.isFinite(total) && total > 0 ? total : 0) + 1));
  clearReferral();
}
