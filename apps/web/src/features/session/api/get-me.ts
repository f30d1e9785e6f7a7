import type { MeResponse } from '@app/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { USER_SCOPED_QUERY_KEY } from '../../../lib/query-keys.ts';

/** Spec §8: the message thrown when the current-user call does not answer 200. */
export const READ_USER_FAILED = 'read user failed';

/** Under the user-scoped prefix, so a logout or forced logout drops it with the rest. */
export const meQueryKey = [...USER_SCOPED_QUERY_KEY, 'me'] as const;

/** `GET v1/me` (spec §7): the signed-in user's profile, address, slug and currency. */
export async function getMe(): Promise<MeResponse> {
  const response = await apiClient.get('v1/me');
  if (response.status !== 200) throw new Error(READ_USER_FAILED);
  const { meResponseSchema } = await import('./me-schema.ts');
  const parsed = meResponseSchema.safeParse(response.data);
  if (!parsed.success) throw new Error(READ_USER_FAILED);
  return parsed.data;
}
