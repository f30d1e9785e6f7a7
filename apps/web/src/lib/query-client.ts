import { QueryClient } from '@tanstack/react-query';
import { registerClientStateReset } from './client-state.ts';
import { USER_SCOPED_QUERY_KEY } from './query-keys.ts';

export { USER_SCOPED_QUERY_KEY };

/** Query defaults of the pages that use TanStack Query (account, carbon, sign-in). */
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
