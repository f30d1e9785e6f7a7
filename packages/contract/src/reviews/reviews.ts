import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { pageMetaSchema } from '../common/envelope.ts';

/**
 * Product reviews (spec §7 "Products and reviews"). Read the spec's paths as:
 * - `GET  v1/review/{productId}/{orderId}`          the signed-in user's review of that product in that order
 * - `GET  v1/business/review/{productId}/{orderId}?BusinessId=`  the same for a business review
 * - `PATCH v1/review/{id}` {comment, rating}         the author edits their review
 * - `GET  v1/review/{id}/product`                   the public reviews of product {id}, newest first
 * - `POST v1/review` / `POST v1/business/review`     write a review of a product bought in a paid order
 * plus `GET v1/review/eligibility/{productId}` for the web form (decision 0010).
 */

export const REVIEW_LIMITS = {
  commentMin: 3,
  commentMax: 2000,
  ratingMin: 1,
  ratingMax: 5,
  /** Reviews per page of a product's list. */
  defaultPageSize: 5,
  maxPageSize: 50,
} as const;

export const ratingSchema = z
  .number({ error: 'Choose a rating from 1 to 5 stars' })
  .int('Choose a whole number of stars from 1 to 5')
  .min(REVIEW_LIMITS.ratingMin, 'Choose a rating from 1 to 5 stars')
  .max(REVIEW_LIMITS.ratingMax, 'Choose a rating from 1 to 5 stars');

/** The comment under the text policy (trimmed, no markup or control characters), 3–2000 characters. */
export const reviewCommentSchema = textField({ label: 'comment', max: REVIEW_LIMITS.commentMax, required: true, multiline: true }).refine(
  (value) => value.length >= REVIEW_LIMITS.commentMin,
  `Your comment needs at least ${REVIEW_LIMITS.commentMin} characters`,
);

const id = (what: string) => z.uuid({ error: `must be ${what} id` });

export const createReviewBodySchema = z.object({
  product: id('a product'),
  order: id('an order'),
  rating: ratingSchema,
  comment: reviewCommentSchema,
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

export const createBusinessReviewBodySchema = createReviewBodySchema.extend({ BusinessId: id('a business') });
export type CreateBusinessReviewBody = z.infer<typeof createBusinessReviewBodySchema>;

export const updateReviewBodySchema = z.object({ rating: ratingSchema, comment: reviewCommentSchema });
export type UpdateReviewBody = z.infer<typeof updateReviewBodySchema>;

export const reviewIdParamsSchema = z.object({ id: id('a review') });
export const productIdParamsSchema = z.object({ id: id('a product') });
export const eligibilityParamsSchema = z.object({ productId: id('a product') });
export const productOrderParamsSchema = z.object({ productId: id('a product'), orderId: id('an order') });
export const businessReviewQuerySchema = z.object({ BusinessId: id('a business') });

export const productReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(REVIEW_LIMITS.maxPageSize).default(REVIEW_LIMITS.defaultPageSize),
});

/** A review as anyone may see it: the reviewer is "First L." — never an email. */
export const reviewSchema = z.object({
  _id: z.string(),
  product: z.string(),
  order: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  reviewer: z.object({ name: z.string() }),
  BusinessId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  /** Mean rating with one decimal, null without reviews (as products' averageRating). */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const productReviewsEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.array(reviewSchema),
  meta: pageMetaSchema,
  summary: reviewSummarySchema,
});
export type ProductReviewsPage = z.infer<typeof productReviewsEnvelopeSchema>;

/** One paid order of the signed-in user containing the product, and whether it is reviewed yet. */
export const reviewableOrderSchema = z.object({
  order: z.string(),
  /** Set for a business order: its review goes to `POST v1/business/review` with this BusinessId. */
  BusinessId: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The user's review of the product in this order, or null when not reviewed yet. */
  reviewId: z.string().nullable(),
});
export type ReviewableOrder = z.infer<typeof reviewableOrderSchema>;

export const reviewEligibilitySchema = z.object({
  product: z.string(),
  orders: z.array(reviewableOrderSchema),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;
