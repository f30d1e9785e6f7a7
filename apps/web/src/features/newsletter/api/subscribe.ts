import { apiRequest } from '../../../lib/api-client.ts';

/** What POST /v1/mailing-lists answers (spec §7): the status, message and existingUser. */
export interface SubscribeAnswer {
  status: number;
  message: string | null;
  existingUser: boolean;
}

/** Subscribes an address; a signed-in user's token goes along (their own verified email needs no confirming). */
export async function subscribeToNewsletter(email: string): Promise<SubscribeAnswer> {
  const response = await apiRequest<{ message?: unknown; existingUser?: unknown }>('POST', 'v1/mailing-lists', { body: { email } });
  const message = typeof response.data?.message === 'string' ? response.data.message : null;
  return { status: response.status, message, existingUser: response.data?.existingUser === true };
}
