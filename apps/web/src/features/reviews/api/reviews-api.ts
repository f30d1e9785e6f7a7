import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProductReviewsPage, Review, ReviewEligibility, UpdateReviewBody } from '@app/contract/reviews';
import { apiClient } from '../../../lib/api-client.ts';
import { USER_SCOPED_QUERY_KEY } from '../../../lib/query-keys.ts';

/** The review calls of spec §7 the product page uses. Each returns `{ status, ok, data }`. */

interface Data<T> {
  success: true;
  message?: string;
  data: T;
}

/** Reviews per "show more". */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_FETCH_ERROR = 'Failed to fetch reviews';

export const reviewKeys = {
  list: (productId: string) => ['reviews', 'product', productId] as const,
  // Under the user prefix: a forced logout drops them (query-client.ts).
  eligibility: (productId: string) => [...USER_SCOPED_QUERY_KEY, 'reviews', 'eligibility', productId] as const,
  own: (productId: string, orderId: string) => [...USER_SCOPED_QUERY_KEY, 'reviews', 'own', productId, orderId] as const,
};

export async function getProductReviews(productId: string, page: number): Promise<ProductReviewsPage> {
  const response = await apiClient.get<ProductReviewsPage>(`v1/review/${encodeURIComponent(productId)}/product`, { query: { page, size: REVIEWS_PAGE_SIZE } });
  if (!response.ok || !response.data) throw new Error(REVIEWS_FETCH_ERROR);
  return response.data;
}

/** `GET v1/review/{id}/product`, a page at a time ("Show more reviews"). */
export function useProductReviews(productId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(productId),
    queryFn: ({ pageParam }) => getProductReviews(productId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page * last.meta.size < last.meta.total ? last.meta.page + 1 : undefined),
  });
}

export async function getEligibility(productId: string): Promise<ReviewEligibility> {
  const response = await apiClient.get<Data<ReviewEligibility>>(`v1/review/eligibility/${encodeURIComponent(productId)}`);
  if (!response.ok || !response.data) throw new Error('Could not check whether you can review this product');
  return response.data.data;
}

/** Which of the signed-in user's paid orders hold the product, and which are reviewed. */
export function useReviewEligibility(productId: string, enabled: boolean) {
  return useQuery({ queryKey: reviewKeys.eligibility(productId), queryFn: () => getEligibility(productId), enabled });
}

/** `GET v1/review/{productId}/{orderId}` or its business twin: the user's own review, to prefill an edit. */
export async function getOwnReview(productId: string, orderId: string, businessId: string | null): Promise<Review> {
  const path = businessId ? `v1/business/review/${productId}/${orderId}` : `v1/review/${productId}/${orderId}`;
  const response = await apiClient.get<Data<Review>>(path, { query: businessId ? { BusinessId: businessId } : undefined });
  if (!response.ok || !response.data) throw new Error('Your review could not be loaded');
  return response.data.data;
}

export function useOwnReview(productId: string, orderId: string | null, businessId: string | null) {
  return useQuery({
    queryKey: reviewKeys.own(productId, orderId ?? ''),
    queryFn: () => getOwnReview(productId, orderId!, businessId),
    enabled: orderId !== null,
  });
}

/** `POST v1/review` or, for a business order, `POST v1/business/review` with its BusinessId. */
export const createReview = (body: { product: string; order: string; rating: number; comment: string }, businessId: string | null) =>
  businessId ? apiClient.post<Data<Review>>('v1/business/review', { ...body, BusinessId: businessId }) : apiClient.post<Data<Review>>('v1/review', body);

/** `PATCH v1/review/{id}` with {comment, rating}. */
export const updateReview = (id: string, body: UpdateReviewBody) => apiClient.patch<Data<Review>>(`v1/review/${encodeURIComponent(id)}`, body);

/** `DELETE v1/review/{id}`: the author deletes their review. */
export const deleteReview = (id: string) => apiClient.delete<{ success: true; message: string }>(`v1/review/${encodeURIComponent(id)}`);
