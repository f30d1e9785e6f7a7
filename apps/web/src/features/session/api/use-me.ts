import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session-store.ts';
import { getMe, meQueryKey } from './get-me.ts';

/**
 * The current user, only while logged in. No retry: a 401 has already forced a logout, and
 * asking again would only repeat it.
 */
export function useMe() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, enabled: isLoggedIn, retry: false });
}
