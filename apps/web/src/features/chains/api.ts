import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChainInviteBody, ChainRelationship, ChainStatus, ChainTree, ReferralEarningLog, ReferralPeriod, UserChain } from '@app/contract/chains';
import { apiClient, type ApiResponse } from '../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, type ApiError } from '../../lib/api-error.ts';
import { USER_SCOPED_QUERY_KEY } from '../../lib/query-keys.ts';

/** The user-chain and referral calls of spec §7, typed by the contract (the server checked the answers). */
interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
  url?: string;
  meta?: { page: number; size: number; total: number };
}

export class ChainCallError extends Error {
  constructor(readonly failure: ApiError, readonly status: number | null) {
    super(failure.message);
    this.name = 'ChainCallError';
  }
}

async function send<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, fallback: string, body?: unknown, query?: Record<string, string | number>): Promise<Envelope<T>> {
  let response: ApiResponse<Envelope<T>>;
  try {
    if (method === 'get') response = await apiClient.get<Envelope<T>>(path, { query });
    else if (method === 'delete') response = await apiClient.delete<Envelope<T>>(path);
    else response = await apiClient[method]<Envelope<T>>(path, body);
  } catch {
    throw new ChainCallError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: null }, null);
  }
  if (!response.ok || !response.data) throw new ChainCallError(readApiError(response, fallback), response.status);
  return response.data;
}

export const chainKeys = {
  all: [...USER_SCOPED_QUERY_KEY, 'chains'] as const,
  tree: (userId: string) => [...chainKeys.all, 'tree', userId] as const,
  list: (filter: string) => [...chainKeys.all, 'list', filter] as const,
  referrals: [...USER_SCOPED_QUERY_KEY, 'referrals'] as const,
};

export function useChainTree(userId: string | undefined) {
  return useQuery({
    queryKey: chainKeys.tree(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => (await send<ChainTree>('get', `v1/user-chains/tree/${encodeURIComponent(userId!)}`, 'Your network could not be loaded.', undefined, { depth: 5 })).data,
  });
}

/** `GET v1/user-chains`: requested=true lists what others asked me to confirm. */
export function useChains(filter: { relationship?: ChainRelationship; acceptanceStatus?: ChainStatus; requested?: boolean }) {
  const query: Record<string, string | number> = { size: 100 };
  if (filter.relationship) query.relationship = filter.relationship;
  if (filter.acceptanceStatus) query.acceptanceStatus = filter.acceptanceStatus;
  if (filter.requested) query.requested = 'true';
  return useQuery({
    queryKey: chainKeys.list(JSON.stringify(query)),
    queryFn: async () => (await send<UserChain[]>('get', 'v1/user-chains', 'Your chains could not be loaded.', undefined, query)).data,
  });
}

function useChainMutation<A, T>(run: (args: A) => Promise<Envelope<T>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: chainKeys.all }) });
}

export const useInvite = () => useChainMutation((body: ChainInviteBody) => send<UserChain>('post', 'v1/user-chains', 'The invitation could not be sent.', body));
export const useRequestJoin = () => useChainMutation((body: ChainInviteBody) => send<UserChain>('post', 'v1/user-chains/join/request', 'The request could not be sent.', body));
export const useJoinByLink = () => useChainMutation((referralId: string) => send<UserChain>('post', 'v1/user-chains/join', 'You could not join this chain.', { referralId }));
export const useConfirmChain = () =>
  useChainMutation(({ id, acceptanceStatus }: { id: string; acceptanceStatus: 'accepted' | 'rejected' }) => send<UserChain>('put', `v1/user-chains/confirm/${id}`, 'Your answer could not be saved.', { acceptanceStatus }));
export const useRemoveChain = () => useChainMutation((id: string) => send<UserChain>('delete', `v1/user-chains/${id}`, 'The chain could not be removed.'));

export function useReferralLink() {
  return useQuery({ queryKey: [...chainKeys.referrals, 'link'], queryFn: async () => (await send<{ url: string }>('get', 'auth/referral/deeplink', 'Your referral link could not be loaded.')).data.url });
}

export interface SignUpStats {
  periodType: ReferralPeriod;
  totalReferrals: number;
  series: { period: string; count: number }[];
}
export interface EarningStats {
  periodType: ReferralPeriod;
  totalsMinor: Record<string, number>;
  /** Paid orders of people you referred in the window (one earning each). */
  paidOrders: number;
  series: { period: string; currency: string; amountMinor: number; orders: number }[];
}

export function useReferralStats(periodType: ReferralPeriod) {
  return useQuery({
    queryKey: [...chainKeys.referrals, 'stats', periodType],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const [signUps, earnings] = await Promise.all([
        send<SignUpStats>('get', 'auth/referral/stats', 'Your referral figures could not be loaded.', undefined, { periodType }),
        send<EarningStats>('get', 'auth/referral/earning/stats', 'Your earning figures could not be loaded.', undefined, { periodType }),
      ]);
      return { signUps: signUps.data, earnings: earnings.data };
    },
  });
}

export const EARNING_LOGS_PAGE_SIZE = 10;

export function useEarningLogs(userId: string | undefined, page: number) {
  return useQuery({
    queryKey: [...chainKeys.referrals, 'logs', userId ?? '', page],
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await send<ReferralEarningLog[]>('get', `v1/referral-user-earning-logs/user/${encodeURIComponent(userId!)}`, 'Your earnings could not be loaded.', undefined, { page, size: EARNING_LOGS_PAGE_SIZE });
      return { logs: answer.data, total: answer.meta?.total ?? answer.data.length };
    },
  });
}
