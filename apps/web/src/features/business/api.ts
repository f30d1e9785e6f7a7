import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessMember, BusinessMemberRole, BusinessMemberStats, BusinessWriteBody, Membership, OwnBusiness } from '@app/contract/business';
import { apiClient, type ApiResponse } from '../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, type ApiError } from '../../lib/api-error.ts';
import { USER_SCOPED_QUERY_KEY } from '../../lib/query-keys.ts';

/**
 * The business calls of spec §7 as the account pages use them. Answers are typed by the
 * contract (the server checked them), so no zod is loaded here.
 */
interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
  meta?: { page: number; size: number; total: number };
}

/** A failed call: the server's message and the fields it named, for forms. */
export class BusinessCallError extends Error {
  constructor(readonly failure: ApiError, readonly status: number | null) {
    super(failure.message);
    this.name = 'BusinessCallError';
  }
}

async function send<T>(method: 'get' | 'post' | 'put', path: string, fallback: string, body?: unknown, query?: Record<string, string | number>): Promise<Envelope<T>> {
  let response: ApiResponse<Envelope<T>>;
  try {
    response = method === 'get' ? await apiClient.get<Envelope<T>>(path, { query }) : await apiClient[method]<Envelope<T>>(path, body);
  } catch {
    throw new BusinessCallError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: null }, null);
  }
  if (!response.ok || !response.data) throw new BusinessCallError(readApiError(response, fallback), response.status);
  return response.data;
}

export const businessKeys = {
  all: [...USER_SCOPED_QUERY_KEY, 'business'] as const,
  mine: (userId: string) => [...businessKeys.all, 'mine', userId] as const,
  joined: (userId: string) => [...businessKeys.all, 'joined', userId] as const,
  members: (businessId: string, page: number) => [...businessKeys.all, 'members', businessId, page] as const,
  stats: (businessId: string) => [...businessKeys.all, 'stats', businessId] as const,
};

/** Spec §3 stored keys, written as login writes them (session/api/memberships.ts), so checkout sees changes at once. */
const STORED = { myBusiness: 'MyBusinessDetails', joinedBusiness: 'JoinedBusinessDetails' } as const;

function remember(key: string, value: unknown) {
  try {
    localStorage.setItem(key, value ? JSON.stringify(value) : '');
  } catch {
    /* storage unavailable: checkout asks the server again */
  }
}

/** The business the signed-in person owns (null when none); kept in MyBusinessDetails as login does. */
export function useMyBusiness(userId: string | undefined) {
  return useQuery({
    queryKey: businessKeys.mine(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => {
      const answer = await send<OwnBusiness | null>('get', `v1/business-profiles/user/${encodeURIComponent(userId!)}`, 'Your business account could not be loaded.');
      remember(STORED.myBusiness, answer.data);
      return answer.data;
    },
  });
}

/** The business the signed-in person joined (null when none); kept in JoinedBusinessDetails. */
export function useJoinedBusiness(userId: string | undefined) {
  return useQuery({
    queryKey: businessKeys.joined(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => {
      const answer = await send<Membership | null>('get', `v1/business-user-profiles/user/${encodeURIComponent(userId!)}`, 'Your business membership could not be loaded.');
      remember(STORED.joinedBusiness, answer.data);
      return answer.data;
    },
  });
}

export function useMembers(businessId: string, page: number) {
  return useQuery({
    queryKey: businessKeys.members(businessId, page),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await send<BusinessMember[]>('get', `v1/business-user-profiles/business/${businessId}`, 'The members could not be loaded.', undefined, { page, size: 20 });
      return { members: answer.data, total: answer.meta?.total ?? answer.data.length, size: answer.meta?.size ?? 20 };
    },
  });
}

export function useMemberStats(businessId: string) {
  return useQuery({ queryKey: businessKeys.stats(businessId), queryFn: async () => (await send<BusinessMemberStats>('get', `v1/business-user-profiles/business/stats/${businessId}`, 'The member figures could not be loaded.')).data });
}

/** Every business write refreshes the business queries, so lists, figures and stored details agree. */
function useBusinessMutation<A, T>(run: (args: A) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: businessKeys.all }) });
}

export const useSaveBusiness = (businessId: string | null) =>
  useBusinessMutation((body: BusinessWriteBody) => (businessId ? send<OwnBusiness>('put', `v1/business-profiles/${businessId}`, 'Your business could not be saved.', body) : send<OwnBusiness>('post', 'v1/business-profiles', 'Your business could not be created.', body)));
export const useSaveSlug = (businessId: string) => useBusinessMutation((businessSlug: string) => send<OwnBusiness>('put', `v1/business-profiles/business-slug/${businessId}`, 'The address name could not be changed.', { businessSlug }));
export const useRemoveMember = () => useBusinessMutation((memberId: string) => send<Membership>('put', `v1/business-profiles/remove/user/${memberId}`, 'The member could not be removed.'));
export const useUpdateMember = () =>
  useBusinessMutation(({ memberId, title, department, reportAccess }: { memberId: string; title: string; department: string; reportAccess?: boolean }) =>
    send<Membership>('put', `v1/business-profiles/update/user/${memberId}`, 'The member could not be updated.', { title, department, reportAccess }),
  );
export const useExitBusiness = () => useBusinessMutation(() => send<Membership>('put', 'v1/business-user-profiles/exit/business', 'You could not leave the business just now.'));
export const useReadmitMember = () => useBusinessMutation((memberId: string) => send<Membership>('put', `v1/business-profiles/readmit/user/${memberId}`, 'The person could not be re-admitted.'));
export const useRegenerateJoinCode = (businessId: string) =>
  useBusinessMutation((role: BusinessMemberRole) => send<OwnBusiness>('put', `v1/business-profiles/join-codes/${businessId}`, 'A new code could not be made.', { role }));
export const useJoinBusiness = () => useBusinessMutation((businessCode: string) => send<Membership>('post', 'v1/business-user-profiles/join', 'This business code could not be used.', { businessCode }));

/** Right after sign-in the session store may not hold the user yet; the stored id is the same person. */
export function readStoredUserId(): string | undefined {
  try {
    return localStorage.getItem('userId') ?? undefined;
  } catch {
    return undefined;
  }
}
