import type { Cart, CartLineGift } from '@app/contract/cart';
import type { GiftView } from '@app/contract/orders';
import { apiClient, errorMessage } from '../../lib/api-client.ts';

/** The gift calls (decision 0051), read by shape: these pages carry no zod. */
export type { CartLineGift, GiftView };

interface Failure {
  success: false;
  message: string;
  fields?: Record<string, string[]>;
}

export type GiftFieldErrors = Partial<Record<'name' | 'email' | 'message' | 'deliverOn', string>>;

export type SetGiftResult = { ok: true; cart: Cart; message: string } | { ok: false; message: string; fields: GiftFieldErrors };

/** `PATCH v1/carts/{id}/gift`: the line becomes a gift (or, with null, stops being one). */
export async function setCartGift(cartItemId: string, gift: CartLineGift | null): Promise<SetGiftResult> {
  const response = await apiClient.patch<{ success: true; message: string; data: Cart } | Failure>(`v1/carts/${encodeURIComponent(cartItemId)}/gift`, { gift });
  if (response.ok && response.data?.success) return { ok: true, cart: response.data.data, message: response.data.message };
  const failure = response.data && !response.data.success ? response.data : null;
  const fields: GiftFieldErrors = {};
  for (const [key, messages] of Object.entries(failure?.fields ?? {})) {
    const field = key.replace(/^gift\.?/, '') as keyof GiftFieldErrors;
    if (['name', 'email', 'message', 'deliverOn'].includes(field) && messages[0]) fields[field] = messages[0];
  }
  return { ok: false, message: errorMessage(response, 'The gift could not be saved'), fields };
}

export const giftKeys = { one: (token: string) => ['gifts', token] as const };

/** `GET v1/gifts/{token}`: null when no gift has this link. */
export async function fetchGift(token: string): Promise<GiftView | null> {
  const response = await apiClient.get<{ success: true; data: GiftView }>(`v1/gifts/${encodeURIComponent(token)}`);
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok || !response.data?.data) throw new Error(errorMessage(response, 'The gift could not be loaded'));
  return response.data.data;
}

/** `POST v1/gifts/claim`. */
export async function claimGift(token: string): Promise<{ ok: true; message: string; gift: GiftView } | { ok: false; message: string }> {
  const response = await apiClient.post<{ success: true; message: string; data: GiftView }>('v1/gifts/claim', { token });
  if (response.ok && response.data?.data) return { ok: true, message: response.data.message, gift: response.data.data };
  return { ok: false, message: errorMessage(response, 'The gift could not be claimed') };
}
