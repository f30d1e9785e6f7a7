import { and, avg, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productReviews, users } from '../../db/schema/index.ts';

export type ReviewRow = typeof productReviews.$inferSelect;
/** A review with what the public may see of its author. */
export type ReviewWithAuthor = ReviewRow & { firstName: string; lastName: string; authorDeletedAt: Date | null };

const withAuthor = {
  id: productReviews.id,
  productId: productReviews.productId,
  orderId: productReviews.orderId,
  userId: productReviews.userId,
  businessId: productReviews.businessId,
  rating: productReviews.rating,
  comment: productReviews.comment,
  hiddenAt: productReviews.hiddenAt,
  hiddenReason: productReviews.hiddenReason,
  hiddenByEmail: productReviews.hiddenByEmail,
  createdAt: productReviews.createdAt,
  updatedAt: productReviews.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  /** Set when the author deleted their account and kept their reviews: shown as "A former customer". */
  authorDeletedAt: users.deletedAt,
};

/** SQL for product reviews. Writes that touch one user's review are scoped to that author. */
export function createReviewsRepository(db: Database) {
  async function findOne(where: SQL | undefined): Promise<ReviewWithAuthor | undefined> {
    const [row] = await db.select(withAuthor).from(productReviews).innerJoin(users, eq(users.id, productReviews.userId)).where(where).limit(1);
    return row;
  }

  return {
    db,

    /** Inserts unless the product already has a review in this order; undefined then (the unique key decides, even for simultaneous requests). */
    async insert(row: typeof productReviews.$inferInsert): Promise<ReviewRow | undefined> {
      const [saved] = await db
        .insert(productReviews)
        .values(row)
        .onConflictDoNothing({ target: [productReviews.productId, productReviews.orderId] })
        .returning();
      return saved;
    },

    /** Updates the author's own review; undefined for any other id. */
    async update(userId: string, id: string, values: { rating: number; comment: string; updatedAt: Date }): Promise<ReviewRow | undefined> {
      const [saved] = await db
        .update(productReviews)
        .set(values)
        .where(and(eq(productReviews.id, id), eq(productReviews.userId, userId)))
        .returning();
      return saved;
    },

    /** Deletes the author's own review; undefined for any other id. */
    async removeOwn(userId: string, id: string): Promise<ReviewRow | undefined> {
      const [removed] = await db.delete(productReviews).where(and(eq(productReviews.id, id), eq(productReviews.userId, userId))).returning();
      return removed;
    },

    byId: (id: string) => findOne(eq(productReviews.id, id)),

    /** The author's review of a product in an order: personal (businessId null) or for that business. */
    ownReview: (userId: string, productId: string, orderId: string, businessId: string | null) =>
      findOne(
        and(
          eq(productReviews.userId, userId),
          eq(productReviews.productId, productId),
          eq(productReviews.orderId, orderId),
          businessId === null ? isNull(productReviews.businessId) : eq(productReviews.businessId, businessId),
        ),
      ),

    /** The user's reviews of a product in the given orders: order id → review id. */
    async reviewedOrders(userId: string, productId: string, orderIds: string[]): Promise<Map<string, string>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ orderId: productReviews.orderId, id: productReviews.id })
        .from(productReviews)
        .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId), inArray(productReviews.orderId, orderIds)));
      return new Map(rows.map((row) => [row.orderId, row.id]));
    },

    /** A page of a product's reviews, newest first (ties broken by the time-ordered id), with the average and count; reviews an operator hid are left out. */
    async productPage(productId: string, options: { offset: number; limit: number }) {
      const where = and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt));
      const [rows, [summary]] = await Promise.all([
        db
          .select(withAuthor)
          .from(productReviews)
          .innerJoin(users, eq(users.id, productReviews.userId))
          .where(where)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .offset(options.offset)
          .limit(options.limit),
        db.select({ average: avg(productReviews.rating), total: count() }).from(productReviews).where(where),
      ]);
      return { rows, average: summary.average, total: Number(summary.total) };
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
