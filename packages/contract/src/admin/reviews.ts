import { z } from 'zod';
import { adminIdSchema, adminListQuerySchema, queryBooleanSchema, reasonSchema } from './common.ts';

/**
 * `reviews` (staff and owners): every review with filters; hide and unhide with a reason. A hidden
 * review leaves the product's public list and its average and count at once; its author still
 * sees it. Authors delete their own reviews from the storefront (`DELETE /api/v1/review/{id}`).
 */

export const adminReviewSchema = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  order: z.object({ _id: z.string(), orderNumber: z.string() }),
  author: z.object({ _id: z.string(), email: z.string(), name: z.string() }),
  BusinessId: z.string().nullable(),
  rating: z.number().int(),
  comment: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  hiddenBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const REVIEW_SORTS = ['createdAt', 'rating'] as const;
export const reviewListQuerySchema = adminListQuerySchema(REVIEW_SORTS, { sort: 'createdAt', order: 'desc' }).extend({
  product: adminIdSchema('a product id').optional(),
  rating: z.coerce.number({ error: 'rating is a number from 1 to 5' }).int('rating is a number from 1 to 5').min(1, 'rating is a number from 1 to 5').max(5, 'rating is a number from 1 to 5').optional(),
  hidden: queryBooleanSchema.optional(),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

export const reviewHideBodySchema = z.object({ reason: reasonSchema('reason') });
export type ReviewHideBody = z.input<typeof reviewHideBodySchema>;
export const reviewUnhideBodySchema = z.object({ reason: reasonSchema('reason', false).optional() });
export type ReviewUnhideBody = z.input<typeof reviewUnhideBodySchema>;
