import { createStore, useStore } from '../../lib/create-store.ts';

/**
 * The compare list (spec §3 "Other lists: ... compare"): product ids, in the order added, kept in
 * localStorage so it survives a reload. It is not account data, so logging out keeps it (the spec's
 * forced-logout reset names user, cart and sustainability state only). Another tab's changes
 * arrive through the storage event.
 */
export const COMPARE_STORAGE_KEY = 'compare';
/** Enough to compare side by side; more would be a table nobody reads. */
export const COMPARE_MAX_ITEMS = 10;

function readStored(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? [...new Set(parsed.filter((id): id is string => typeof id === 'string'))].slice(0, COMPARE_MAX_ITEMS) : [];
  } catch {
    return []; // storage disabled or a broken value: start empty
  }
}

function writeStored(ids: readonly string[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(COMPARE_STORAGE_KEY);
    else localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    /* storage unavailable: the list lives for this page only */
  }
}

const EMPTY: readonly string[] = Object.freeze([]);
// The server renders with an empty list (it cannot see localStorage); hydration starts from that.
const store = createStore<readonly string[]>(typeof window === 'undefined' ? EMPTY : readStored(), () => EMPTY);

export const getCompareIds = store.get;

export function useCompareIds(): readonly string[] {
  return useStore(store);
}

function set(ids: readonly string[]): void {
  store.set(ids);
  writeStored(ids);
}

export type CompareToggle = 'added' | 'removed' | 'full';

/** Adds or removes a product; 'full' when the list already holds COMPARE_MAX_ITEMS. */
export function toggleCompare(productId: string): CompareToggle {
  const ids = store.get();
  if (ids.includes(productId)) {
    set(ids.filter((id) => id !== productId));
    return 'removed';
  }
  if (ids.length >= COMPARE_MAX_ITEMS) return 'full';
  set([...ids, productId]);
  return 'added';
}

export function removeFromCompare(productId: string): void {
  set(store.get().filter((id) => id !== productId));
}

/** Re-reads storage (tests, and another tab's change). */
export function reloadCompareFromStorage(): void {
  store.set(readStored());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) reloadCompareFromStorage();
  });
}
