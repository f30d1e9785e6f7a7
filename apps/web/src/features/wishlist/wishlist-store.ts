import type { Product } from '@app/contract';
import { createStore, useStore } from '../../lib/create-store.ts';
import { registerClientStateReset } from '../../lib/client-state.ts';
import { getSession, subscribeSession } from '../session/session-store.ts';
import { fetchWishlist, updateWishlist, type WishlistData } from './api/wishlist-api.ts';

/**
 * The signed-in user's wishlist (spec §3 "wishlist (products list)"), shared by the heart buttons,
 * the header count and the wishlist page so they always agree. Loaded once per session on first
 * use; every change answers with the whole list, which replaces what is held here.
 */
export interface WishlistState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  ids: readonly string[];
  items: readonly Product[];
  /** Product ids with a change in flight (their heart is busy). */
  pending: readonly string[];
}

const EMPTY: WishlistState = Object.freeze({ status: 'idle', ids: [], items: [], pending: [] });
const store = createStore<WishlistState>(EMPTY);
let loading: Promise<void> | null = null;
// Answers that arrive after a reset (logout, another user) belong to nobody and are dropped.
let generation = 0;

export const getWishlist = store.get;

export function useWishlist(): WishlistState;
export function useWishlist<S>(select: (state: WishlistState) => S): S;
export function useWishlist<S>(select?: (state: WishlistState) => S) {
  return useStore(store, select ?? ((state) => state as unknown as S));
}

export function resetWishlist(): void {
  generation++;
  loading = null;
  store.set(EMPTY);
}

function apply(data: WishlistData): void {
  store.set((state) => ({ ...state, status: 'ready', ids: data.products, items: data.items }));
}

/** Loads the list when signed in and not loaded yet (or again with `force`). */
export function loadWishlist(force = false): Promise<void> {
  if (!getSession().isLoggedIn) return Promise.resolve();
  const { status } = store.get();
  if (loading) return loading;
  if (!force && status === 'ready') return Promise.resolve();
  const mine = generation;
  store.set((state) => ({ ...state, status: state.status === 'ready' ? 'ready' : 'loading' }));
  loading = fetchWishlist().then((answer) => {
    if (mine !== generation) return;
    loading = null;
    if (answer.ok) apply(answer.data);
    else store.set((state) => ({ ...state, status: 'error' }));
  });
  return loading;
}

export type WishlistOutcome = { ok: true } | { ok: false; message: string };

async function change(ids: string[], request: () => ReturnType<typeof updateWishlist>): Promise<WishlistOutcome> {
  const mine = generation;
  store.set((state) => ({ ...state, pending: [...state.pending, ...ids] }));
  const answer = await request();
  if (mine !== generation) return { ok: false, message: 'Please try after sometime' };
  store.set((state) => ({ ...state, pending: state.pending.filter((id) => !ids.includes(id)) }));
  if (!answer.ok) return { ok: false, message: answer.message };
  apply(answer.data);
  return { ok: true };
}

export const addToWishlist = (productId: string) => change([productId], () => updateWishlist([productId], 'add'));
export const removeFromWishlist = (productId: string) => change([productId], () => updateWishlist([productId], 'remove'));
/** Spec §7 "remove all": the whole new list is empty. */
export const clearWishlist = () => change([...store.get().ids], () => updateWishlist([]));

// Forced logout resets it with the rest (spec §4); so does signing out or in as someone else.
registerClientStateReset(resetWishlist);
if (typeof window !== 'undefined') {
  let email = getSession().email;
  subscribeSession(() => {
    const session = getSession();
    if (session.email !== email || !session.isLoggedIn) {
      if (store.get() !== EMPTY) resetWishlist();
    }
    email = session.isLoggedIn ? session.email : null;
  });
}
