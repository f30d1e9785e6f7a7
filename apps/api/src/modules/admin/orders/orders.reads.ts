import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminOrderDetail, AdminOrderSummary, orderListQuerySchema } from '@app/contract/admin';
import { certificates, orderItems, orders, users } from '../../../db/schema/index.ts';
import type { AdminContext } from '../admin.context.ts';
import type { Tx } from '../../cart/cart.repository.ts';

type Db = AdminContext['db'] | Tx;
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

const summaryColumns = {
  order: orders,
  customer: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
  lineCount: sql<number>`(select count(*)::int from ${orderItems} i where i.order_id = ${orders.id})`,
};

function toSummary(row: { order: typeof orders.$inferSelect; customer: { id: string; email: string; firstName: string; lastName: string }; lineCount: number }): AdminOrderSummary {
  const o = row.order;
  return {
    _id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    kind: o.kind,
    currency: o.currency,
    subTotalMinor: o.subTotalMinor,
    discountMinor: o.discountMinor,
    totalMinor: o.totalMinor,
    couponCode: o.couponCode,
    customer: { _id: row.customer.id, email: row.customer.email, firstName: row.customer.firstName, lastName: row.customer.lastName },
    businessId: o.businessId,
    lineCount: Number(row.lineCount),
    paymentProvider: o.paymentProvider,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The list's filters as one condition over `orders` joined to `users` (the list, its totals and the CSV export share it). */
export function orderListWhere(db: Db, q: Partial<OrderListQuery>) {
  const like = q.email ? `%${q.email.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return and(
    q.status ? eq(orders.status, q.status) : undefined,
    q.kind ? eq(orders.kind, q.kind) : undefined,
    q.currency ? eq(orders.currency, q.currency) : undefined,
    like ? ilike(users.email, like) : undefined,
    q.customer ? eq(orders.userId, q.customer) : undefined,
    q.product ? exists(db.select({ one: sql`1` }).from(orderItems).where(and(eq(orderItems.orderId, orders.id), eq(orderItems.productId, q.product)))) : undefined,
    q.from ? gte(orders.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(orders.createdAt, nextDay(q.to)) : undefined,
    q.q ? or(ilike(orders.orderNumber, `%${q.q.replace(/[\\%_]/g, '\\$&')}%`), ilike(users.email, `%${q.q.replace(/[\\%_]/g, '\\$&')}%`)) : undefined,
  );
}

/**
 * The admin's order reads (issue 25 adds timeline, refunds and fulfilments beside these). A
 * pending order past its reservation shows as pending until the sweeper (or a read of the
 * buyer's) expires it, within a minute.
 */
export const orderReads = {
  async page(db: Db, q: Partial<OrderListQuery> & Pick<OrderListQuery, 'page' | 'size' | 'sort' | 'order'>) {
    const where = orderListWhere(db, q);
    const column = q.sort === 'total' ? orders.totalMinor : q.sort === 'paidAt' ? orders.paidAt : orders.createdAt;
    const [rows, [total]] = await Promise.all([
      db.select(summaryColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where).orderBy(q.order === 'asc' ? asc(column) : desc(column), desc(orders.id)).limit(q.size).offset((q.page - 1) * q.size),
      db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
    ]);
    return { data: rows.map(toSummary), total: Number(total?.n ?? 0) };
  },

  async detail(db: Db, id: string): Promise<AdminOrderDetail | undefined> {
    const [row] = await db.select(summaryColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id)).limit(1);
    if (!row) return undefined;
    const [lines, certs] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
      db.select({ serial: certificates.serial, productName: certificates.projectName, tonnesMilli: certificates.tonnesMilli, status: certificates.status }).from(certificates).where(inArray(certificates.orderId, [id])),
    ]);
    const o = row.order;
    return {
      ...toSummary(row),
      buyerEmail: o.buyerEmail,
      firstName: o.firstName,
      lastName: o.lastName,
      address: (o.address as Record<string, unknown> | null) ?? null,
      businessCode: o.businessCode,
      conferanceCode: o.conferanceCode,
      paymentReference: o.paymentReference,
      reservedUntil: o.reservedUntil?.toISOString() ?? null,
      lines: lines.map((line) => ({
        _id: line.id,
        productId: line.productId,
        productName: line.productName,
        productSlug: line.productSlug,
        productKind: line.productKind,
        unit: line.productUnit,
        colorName: line.colorName,
        sizeName: line.sizeName,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        totalMinor: line.unitPriceMinor * line.quantity,
      })),
      certificates: certs.map((c) => ({ serial: c.serial, productName: c.productName, tonnes: c.tonnesMilli / 1000, status: c.status })),
    };
  },
};
