import { apiClient } from '../../../lib/api-client.ts';

/**
 * Spec §4: after login the joined-business details, the user's own business details and the
 * count of the first page of orders are fetched and stored. Those APIs belong to later issues;
 * until they exist they answer 404, which is stored as an empty value. Nothing here may throw or
 * log: a missing business is normal, and login must finish either way.
 */
export const MEMBERSHIP_STORAGE_KEYS = {
  joinedBusiness: 'JoinedBusinessDetails',
  myBusiness: 'MyBusinessDetails',
  totalOrders: 'TotalOrders',
} as const;

/** What is stored when a call does not answer 200. */
export const EMPTY_DETAILS = '';
export const EMPTY_ORDER_COUNT = '0';

async function fetchData(path: string, query?: Record<string, number>): Promise<{ data: unknown; meta?: { total?: number } } | null> {
  try {
    const response = await apiClient.get<{ data?: unknown; meta?: { total?: number } }>(path, { query });
    if (response.status !== 200 || !response.data) return null;
    return { data: response.data.data ?? null, meta: response.data.meta };
  } catch {
    return null; // offline: the values are simply not known yet
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the values are refetched when needed */
  }
}

export async function loadMemberships(userId: string): Promise<void> {
  const id = encodeURIComponent(userId);
  const [joined, mine, orders] = await Promise.all([
    fetchData(`v1/business-user-profiles/user/${id}`),
    fetchData(`v1/business-profiles/user/${id}`),
    fetchData('v1/customer-orders', { page: 1 }),
  ]);
  store(MEMBERSHIP_STORAGE_KEYS.joinedBusiness, joined?.data != null ? JSON.stringify(joined.data) : EMPTY_DETAILS);
  store(MEMBERSHIP_STORAGE_KEYS.myBusiness, mine?.data != null ? JSON.stringify(mine.data) : EMPTY_DETAILS);
  const count = orders ? (orders.meta?.total ?? (Array.isArray(orders.data) ? orders.data.length : 0)) : null;
  store(MEMBERSHIP_STORAGE_KEYS.totalOrders, count === null ? EMPTY_ORDER_COUNT : String(count));
}
