import type { CreateBusinessReviewBody, CreateReviewBody, ProductReviewsPage, Review, ReviewEligibility, UpdateReviewBody } from '@app/contract/reviews';
import { FORMER_CUSTOMER_NAME } from '@app/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { PaidPurchase, PurchaseQuery } from '../orders/purchases.ts';
import type { ReviewsRepository, ReviewWithAuthor } from './reviews.repository.ts';

export interface ReviewsServiceDeps {
  repo: ReviewsRepository;
  /** The one purchase check (orders/purchases.ts). */
  purchases: (query: PurchaseQuery) => Promise<PaidPurchase[]>;
  /** Tells the catalog read model a product's average and count changed (after the write committed). */
  changed: (productIds: string[]) => Promise<void>;
  /** Whether the catalog has this product (public list of an unknown product → 404). */
  productExists: (productId: string) => boolean;
  now?: () => Date;
}

const NOT_ALLOWED_PERSONAL = 'You can review a product once you have bought it: this order is not a paid order of yours containing this product';
const NOT_ALLOWED_BUSINESS = 'You can review a product for a business once it has bought it: this order is not a paid order of yours for that business containing this product';

/**
 * Review rules: a review needs a paid order of the reviewer containing the product (a personal
 * order for a personal review, an order of that business for a business review); one review per
 * product per order; only the author reads back and edits their review; the public sees the
 * reviewer as "First L.", never an email.
 */
export function createReviewsService(deps: ReviewsServiceDeps) {
  const { repo, purchases, changed } = deps;
  const now = deps.now ?? (() => new Date());

  async function create(userId: string, body: CreateReviewBody, businessId: string | null): Promise<Review> {
    const [purchase] = await purchases({ userId, productId: body.product, orderId: body.order, businessId });
    if (!purchase) throw new AppError('REVIEW_NOT_ALLOWED', businessId ? NOT_ALLOWED_BUSINESS : NOT_ALLOWED_PERSONAL);
    const at = now();
    const saved = await repo.insert({
      productId: body.product,
      orderId: body.order,
      userId,
      businessId,
      rating: body.rating,
      comment: body.comment,
      createdAt: at,
      updatedAt: at,
    });
    if (!saved) throw new AppError('REVIEW_ALREADY_EXISTS', 'You have already reviewed this product for this order; you can edit your review instead');
    await changed([body.product]);
    return toReview((await repo.byId(saved.id))!);
  }

  return {
    create: (userId: string, body: CreateReviewBody) => create(userId, body, null),
    createForBusiness: (userId: string, body: CreateBusinessReviewBody) => create(userId, body, body.BusinessId),

    async update(userId: string, id: string, body: UpdateReviewBody): Promise<Review> {
      // Someone else's review answers exactly like a missing one.
      const saved = await repo.update(userId, id, { rating: body.rating, comment: body.comment, updatedAt: now() });
      if (!saved) throw notFound('That review');
      await changed([saved.productId]);
      return toReview((await repo.byId(saved.id))!);
    },

    /** The author deletes their review (someone else's answers like a missing one). */
    async remove(userId: string, id: string): Promise<void> {
      const removed = await repo.removeOwn(userId, id);
      if (!removed) throw notFound('That review');
      await changed([removed.productId]);
    },

    async own(userId: string, productId: string, orderId: string, businessId: string | null): Promise<Review> {
      const row = await repo.ownReview(userId, productId, orderId, businessId);
      if (!row) throw notFound('Your review of this product in this order');
      return toReview(row);
    },

    async productReviews(productId: string, query: { page: number; size: number }): Promise<Omit<ProductReviewsPage, 'success'>> {
      if (!deps.productExists(productId)) throw notFound('That product');
      const { rows, average, total } = await repo.productPage(productId, { offset: (query.page - 1) * query.size, limit: query.size });
      return {
        data: rows.map(toReview),
        meta: { page: query.page, size: query.size, total },
        summary: { averageRating: roundedAverage(average), reviewCount: total },
      };
    },

    async eligibility(userId: string, productId: string): Promise<ReviewEligibility> {
      const bought = await purchases({ userId, productId });
      const reviewed = await repo.reviewedOrders(
        userId,
        productId,
        bought.map((purchase) => purchase.orderId),
      );
      return {
        product: productId,
        orders: bought.map((purchase) => ({
          order: purchase.orderId,
          BusinessId: purchase.businessId,
          paidAt: purchase.paidAt?.toISOString() ?? null,
          reviewId: reviewed.get(purchase.orderId) ?? null,
        })),
      };
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;

/** "Ada G.": the first name and the last name's initial, so a review never shows a full identity. */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim() || 'Customer';
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en')}.` : first;
}

/** One decimal, the same rounding as products' averageRating. */
function roundedAverage(average: string | null): number | null {
  if (average === null) return null;
  return Math.round(Number(average) * 10) / 10;
}

function toReview(row: ReviewWithAuthor): Review {
  return {
    _id: row.id,
    product: row.productId,
    order: row.orderId,
    rating: row.rating,
    comment: row.comment,
    reviewer: { name: row.authorDeletedAt ? FORMER_CUSTOMER_NAME : reviewerName(row.firstName, row.lastName) },
    BusinessId: row.businessId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
