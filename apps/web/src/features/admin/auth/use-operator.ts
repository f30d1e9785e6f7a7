import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MfaStatus } from '@app/contract/admin';
import { adminCall, adminRequest } from '../api/admin-client.ts';
import { clearAdminToken, readAdminToken } from '../api/admin-token.ts';

export const operatorQueryKey = ['admin', 'operator'] as const;

/**
 * The signed-in operator (`GET mfa` with the admin token), or null when this browser has no admin
 * session: the layout then sends the console to its sign-in page.
 */
export function useOperator() {
  return useQuery({
    queryKey: operatorQueryKey,
    queryFn: async () => {
      if (!readAdminToken()) return null;
      const { data } = await adminCall<{ data: MfaStatus }>('GET', 'mfa');
      return data.sessionVerified ? data.operator : null;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Signs out of the console (`DELETE mfa/session`): the admin token stops working at once. The shop's own sign-in stays. */
export function useEndAdminSession() {
  const client = useQueryClient();
  return async () => {
    try {
      await adminRequest('DELETE', 'mfa/session');
    } finally {
      clearAdminToken();
      client.clear();
    }
  };
}
