import { QueryClient } from '@tanstack/react-query';
import { registerClientStateReset } from './client-state.ts';

/**
 * Query keys of data that belongs to the signed-in user start with this prefix, so a forced
 * logout can drop them without throwing away public data such as the product list.
 */
export const USER_SCOPED_QUERY_KEY = ['user'] as const;

/** Query defaults, shared with the server renderer so both caches behave alike. */
export const QUERY_DEFAULTS = {
  queries: {
    // One retry covers a blip; more would keep people staring at skeletons on a real outage.
    retry: 1,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  },
} as const;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  registerClientStateReset(() => client.removeQueries({ queryKey: USER_SCOPED_QUERY_KEY }));
  return client;
}
