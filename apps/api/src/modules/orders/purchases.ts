import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, products } from '../../db/schema/index.ts';

/**
 * Orders whose purchase still counts (decision 0042): paid, or paid and partly refunded. A fully
 * refunded order counts for nothing; a partly refunded one for its lines' units not refunded
 * (`retainedQuantity`). Every figure of retired tonnes reads these two.
 */
export const COUNTED_ORDER_STATUSES = ['paid', 'partially_refunded'] as const;
export const retainedQuantity = sql<number>`(${orderItems.quantity} - ${orderItems.refundedQuantity})`;

/** A paid order of a user that contains a product. */
export interface PaidPurchase {
  orderId: string;
  /** Set when the order was placed for a business. */
  businessId: string | null;
  paidAt: Date | null;
}

export interface PurchaseQuery {
  userId: string;
  productId: string;
  /** Only this order (the review check); omitted: all of the user's paid orders with the product. */
  orderId?: string;
  /**
   * Which orders count: a business id → only that business's orders; null → only personal
   * orders; omitted → both.
   */
  businessId?: string | null;
}

/**
 * THE answer to "did this user buy this product?": the user's orders with status 'paid' that
 * hold the product (order_items), newest first. Reviews ask it (one order, personal or of a
 * given business) and list it for the web form. The checkout writes orders; this only reads.
 */
export async function findPaidPurchases(db: Database, query: PurchaseQuery): Promise<PaidPurchase[]> {
  const conditions: SQL[] = [eq(orders.userId, query.userId), inArray(orders.status, [...COUNTED_ORDER_STATUSES]), eq(orderItems.productId, query.productId)];
  if (query.orderId !== undefined) conditions.push(eq(orders.id, query.orderId));
  if (query.businessId === null) conditions.push(isNull(orders.businessId));
  else if (query.businessId !== undefined) conditions.push(eq(orders.businessId, query.businessId));

  return db
    // An order may list the product on several lines (colors, sizes): one answer per order.
    .selectDistinct({ orderId: orders.id, businessId: orders.businessId, paidAt: orders.paidAt, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100)
    .then((rows) => rows.map(({ orderId, businessId, paidAt }) => ({ orderId, businessId, paidAt })));
}

/**
 * Tonnes of CO2e a user has retired: the quantities of offset products (sold by the tonne) in
 * the user's own paid personal orders, less the gifts from them their recipients have claimed,
 * plus the gifts this user has claimed whose certificates are valid (decision 0051). One query.
 */
export async function tonnesRetiredBy(db: Database, userId: string): Promise<{ tonnesRetired: number; orders: number }> {
  const [row] = await db
    .select({
      tonnes: sql<string | null>`sum(${retainedQuantity})`,
      orders: sql<string>`count(distinct ${orders.id})`,
      givenMilli: sql<string>`(select coalesce(sum(c.tonnes_milli), 0) from certificates c join orders o on o.id = c.order_id
        where c.user_id = ${userId} and c.gift_claimed_at is not null and c.status = 'valid' and o.status in ('paid', 'partially_refunded') and o.business_id is null)`,
      receivedMilli: sql<string>`(select coalesce(sum(c.tonnes_milli), 0) from certificates c where c.gift_claimed_by = ${userId} and c.status = 'valid')`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...COUNTED_ORDER_STATUSES]), isNull(orders.businessId), eq(products.kind, 'offset')));
  const milli = Number(row?.tonnes ?? 0) * 1000 - Number(row?.givenMilli ?? 0) + Number(row?.receivedMilli ?? 0);
  return { tonnesRetired: Math.max(milli, 0) / 1000, orders: Number(row?.orders ?? 0) };
}
