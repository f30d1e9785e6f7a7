import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicShopPage, ShopPage } from '@app/contract/shop-pages';
import { apiClient, type ApiResponse } from '../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError, type ApiError } from '../../lib/api-error.ts';
import { USER_SCOPED_QUERY_KEY } from '../../lib/query-keys.ts';

/**
 * The shop-page calls of spec §7 Product pages as the shop page and its editor use them.
 * Answers are typed by the contract (the server checked them), so no zod is loaded here.
 */
interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
}

/** A failed call: the server's message and the fields it named, for the form. */
export class ShopPageCallError extends Error {
  constructor(readonly failure: ApiError) {
    super(failure.message);
    this.name = 'ShopPageCallError';
  }
}

const SETTINGS = 'v1/business-product-page-settings';

async function call<T>(run: () => Promise<ApiResponse<Envelope<T>>>, fallback: string, { notFoundIsNull = false } = {}): Promise<T | null> {
  let response: ApiResponse<Envelope<T>>;
  try {
    response = await run();
  } catch {
    throw new ShopPageCallError({ message: NETWORK_ERROR_MESSAGE, status: 0, code: null });
  }
  if (notFoundIsNull && response.status === 404) return null;
  if (!response.ok || !response.data) throw new ShopPageCallError(readApiError(response, fallback));
  return response.data.data;
}

export const shopPageKeys = {
  /** Public pages are the same for everyone. */
  public: (slug: string) => ['shop-page', 'public', slug] as const,
  settings: (businessId: string) => [...USER_SCOPED_QUERY_KEY, 'shop-page', 'settings', businessId] as const,
};

/** `GET .../slug/{slug}`: the public page (null: no page at this address). */
export function useShopPage(slug: string) {
  return useQuery({
    queryKey: shopPageKeys.public(slug),
    retry: false,
    queryFn: () => call<PublicShopPage>(() => apiClient.get(`${SETTINGS}/slug/${encodeURIComponent(slug)}`), 'This shop page could not be loaded.', { notFoundIsNull: true }),
  });
}

/** `GET .../{id}` with the business id: the business's page settings (null: no page yet). */
export function useShopPageSettings(businessId: string) {
  return useQuery({
    queryKey: shopPageKeys.settings(businessId),
    retry: false,
    queryFn: () => call<ShopPage | null>(() => apiClient.get(`${SETTINGS}/${encodeURIComponent(businessId)}`), 'Your shop page could not be loaded.'),
  });
}

/** What the editor saves: texts, colour, products and the images chosen (or removed). */
export interface ShopPageDraft {
  title: string;
  tagline: string;
  description: string;
  brandColor: string;
  productIds: string[];
  logo: File | null;
  banner: File | null;
  removeLogo: boolean;
  removeBanner: boolean;
}

/** The multipart form of a draft, as the server reads it (productIds comma-separated). */
export function draftForm(draft: ShopPageDraft, businessId?: string): FormData {
  const form = new FormData();
  if (businessId) form.set('businessId', businessId);
  form.set('title', draft.title);
  form.set('tagline', draft.tagline);
  form.set('description', draft.description);
  form.set('brandColor', draft.brandColor);
  form.set('productIds', draft.productIds.join(','));
  if (draft.logo) form.set('logo', draft.logo);
  else if (draft.removeLogo) form.set('removeLogo', 'true');
  if (draft.banner) form.set('banner', draft.banner);
  else if (draft.removeBanner) form.set('removeBanner', 'true');
  return form;
}

/** Create (no page yet) or update the page; afterwards the settings and the public page are fresh. */
export function useSaveShopPage(businessId: string, pageId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (draft: ShopPageDraft) =>
      (await call<ShopPage>(
        () => (pageId ? apiClient.put(`${SETTINGS}/${pageId}`, draftForm(draft)) : apiClient.post(SETTINGS, draftForm(draft, businessId))),
        pageId ? 'Your shop page could not be saved.' : 'Your shop page could not be created.',
      ))!,
    onSuccess: (page) => {
      client.setQueryData(shopPageKeys.settings(businessId), page);
      void client.invalidateQueries({ queryKey: ['shop-page', 'public'] });
    },
  });
}

export function useDeleteShopPage(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pageId: string) => (await call<ShopPage>(() => apiClient.delete(`${SETTINGS}/${pageId}`), 'Your shop page could not be deleted.'))!,
    onSuccess: () => {
      client.setQueryData(shopPageKeys.settings(businessId), null);
      void client.invalidateQueries({ queryKey: ['shop-page', 'public'] });
    },
  });
}
