import { useQueryClient } from '@tanstack/react-query';
import type { ReviewableOrder } from '@app/contract/reviews';
import { useToast } from '../../../components/ui/useToast.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { createReview, deleteReview, reviewKeys, updateReview } from '../api/reviews-api.ts';
import type { ReviewSubmitError, ReviewValues } from '../components/ReviewForm.tsx';

/**
 * Posts a new review or saves an edit, then refreshes what shows it: the list, the user's
 * eligibility and own review, and (through onChanged) the product's average on the page.
 */
export function useSaveReview(productId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();

  return async (target: { order: ReviewableOrder; reviewId: string | null }, values: ReviewValues): Promise<ReviewSubmitError | null> => {
    let response;
    try {
      response = target.reviewId
        ? await updateReview(target.reviewId, values)
        : await createReview({ product: productId, order: target.order.order, ...values }, target.order.BusinessId);
    } catch {
      return { message: 'Please try after sometime' };
    }
    if (!response.ok) {
      const error = readApiError(response);
      // Reviewed meanwhile (another tab): show the edit state instead.
      if (error.code === 'REVIEW_ALREADY_EXISTS') await queryClient.invalidateQueries({ queryKey: reviewKeys.eligibility(productId) });
      return { message: error.message, fields: error.fields };
    }
    toast.success(target.reviewId ? 'Review updated' : 'Review added');
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.list(productId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.eligibility(productId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.own(productId, target.order.order) }),
    ]);
    onChanged?.();
    return null;
  };
}

/** Deletes the user's review of an order, then refreshes the list, eligibility and the product's average. Answers an error message, or null. */
export function useDeleteReview(productId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (order: ReviewableOrder): Promise<string | null> => {
    if (!order.reviewId) return null;
    let response;
    try {
      response = await deleteReview(order.reviewId);
    } catch {
      return 'Please try after sometime';
    }
    if (!response.ok) return readApiError(response).message;
    toast.success('Review deleted');
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.list(productId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.eligibility(productId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.own(productId, order.order) }),
    ]);
    onChanged?.();
    return null;
  };
}
