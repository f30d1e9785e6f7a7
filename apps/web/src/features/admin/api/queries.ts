import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin, type Query } from './admin-client.ts';

/** An admin list's answer: one page of rows and the paging (`adminPageSchema` in the contract). */
export interface AdminPage<T> {
  data: T[];
  meta: { page: number; size: number; total: number };
}

/** Query keys start with 'admin' and the resource, so a write can refresh everything it touched. */
export const adminKey = (resource: string, ...rest: unknown[]) => ['admin', resource, ...rest] as const;

/** One page of a list; the previous page stays on screen while the next loads (no flash to skeletons). */
export function useAdminList<T>(resource: string, path: string, query: Query) {
  return useQuery({
    queryKey: adminKey(resource, path, query),
    queryFn: () => admin.get<AdminPage<T>>(path, query),
    placeholderData: keepPreviousData,
  });
}

/** One record (`{ data }`). */
export function useAdminRecord<T>(resource: string, path: string | null, query?: Query) {
  return useQuery({
    queryKey: adminKey(resource, path, query),
    queryFn: () => admin.get<{ data: T }>(path!, query).then((body) => body.data),
    enabled: path !== null,
  });
}

/**
 * A write: runs `call`, then refreshes the resources it changes (and the dashboard and audit log,
 * which every write may move).
 */
export function useAdminWrite<A, R>(call: (args: A) => Promise<R>, resources: string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([...resources, 'dashboard', 'audit'].map((resource) => client.invalidateQueries({ queryKey: ['admin', resource] })));
    },
  });
}
