import { useSyncExternalStore } from 'react';

/**
 * A minimal external store for client state that lives outside React (session, display currency,
 * cart count, toasts). Outside code such as the API client can read and reset it without hooks,
 * and components subscribe through useSyncExternalStore, so there is no provider to forget.
 */
export interface Store<T> {
  get(): T;
  /**
   * The state the server rendered with. React reads it while hydrating server HTML, so the first
   * client render matches the HTML; right after, it re-renders with get() if that differs.
   */
  getServer(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T, serverState: () => T = () => initial): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    getServer: serverState,
    set(next) {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a store; re-renders only when the selected value changes. */
export function useStore<T, S = T>(store: Store<T>, select: (state: T) => S = (s) => s as unknown as S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.getServer()),
  );
}
