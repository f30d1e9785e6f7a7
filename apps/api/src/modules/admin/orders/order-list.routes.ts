import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { CURRENCY_EXPONENT, isSupportedCurrency } from '@app/contract/money';
import { ORDER_CSV_COLUMNS, ORDER_EXPORT_MAX_ROWS, orderListQuerySchema, orderTotalsSchema, type OrderTotals } from '@app/contract/admin';
import { orderItems, orders, users } from '../../../db/schema/index.ts';
import type { AdminContext } from '../admin.context.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { orderListWhere, type OrderListQuery } from './orders.reads.ts';

type Db = AdminContext['db'];
const BATCH = 1000;

/** Sums of the filtered orders, one row per currency (amounts of different currencies are never added). */
export async function orderTotals(db: Db, q: Partial<OrderListQuery>): Promise<OrderTotals[]> {
  const rows = await db
    .select({
      currency: orders.currency,
      orders: sql<number>`count(*)::int`,
      subTotalMinor: sql<number>`coalesce(sum(${orders.subTotalMinor}), 0)::bigint`,
      discountMinor: sql<number>`coalesce(sum(${orders.discountMinor}), 0)::bigint`,
      totalMinor: sql<number>`coalesce(sum(${orders.totalMinor}), 0)::bigint`,
      paidMinor: sql<number>`coalesce(sum(${orders.paidMinor}), 0)::bigint`,
      refundedMinor: sql<number>`coalesce(sum(${orders.refundedMinor}), 0)::bigint`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(orderListWhere(db, q))
    .groupBy(orders.currency)
    .orderBy(asc(orders.currency));
  return rows.map((r) => ({ currency: r.currency, orders: Number(r.orders), subTotalMinor: Number(r.subTotalMinor), discountMinor: Number(r.discountMinor), totalMinor: Number(r.totalMinor), paidMinor: Number(r.paidMinor), refundedMinor: Number(r.refundedMinor) }));
}

/** An amount in major units with the currency's decimals, as text ("12.50", "1500" for JPY). */
function major(amountMinor: number, currency: string): string {
  const exponent = isSupportedCurrency(currency) ? CURRENCY_EXPONENT[currency] : 2;
  return (amountMinor / 10 ** exponent).toFixed(exponent);
}

/** A text cell a spreadsheet must not read as a formula (=, +, -, @, tab, carriage return first). */
const text = (value: string | null | undefined) => (value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? ''));

/** Every filtered order as CSV (newest first, in batches, at most ORDER_EXPORT_MAX_ROWS). */
export async function exportOrdersCsv(db: Db, q: Partial<OrderListQuery>): Promise<string> {
  const where = orderListWhere(db, q);
  const out: string[] = [stringify([[...ORDER_CSV_COLUMNS]])];
  for (let offset = 0; offset < ORDER_EXPORT_MAX_ROWS; offset += BATCH) {
    const rows = await db
      .select({
        o: orders,
        email: users.email,
        items: sql<string>`(select string_agg(i.quantity || ' × ' || i.product_name || coalesce(' (' || nullif(concat_ws(' / ', i.color_name, i.size_name), '') || ')', ''), '; ' order by i.id) from ${orderItems} i where i.order_id = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(Math.min(BATCH, ORDER_EXPORT_MAX_ROWS - offset))
      .offset(offset);
    out.push(
      stringify(
        rows.map(({ o, email, items }) => [
          o.orderNumber,
          o.createdAt.toISOString(),
          o.paidAt?.toISOString() ?? '',
          o.status,
          o.kind,
          text(email),
          text(`${o.firstName} ${o.lastName}`.trim()),
          text(o.businessCode),
          text(o.conferanceCode),
          o.currency,
          major(o.subTotalMinor, o.currency),
          major(o.discountMinor, o.currency),
          major(o.totalMinor, o.currency),
          major(o.paidMinor, o.currency),
          major(o.refundedMinor, o.currency),
          text(o.couponCode),
          text(items ?? ''),
        ]),
      ),
    );
    if (rows.length < BATCH) break;
  }
  return out.join('');
}

/**
 * `orders/totals` and `orders/export`: the order list's filters applied to sums per currency and
 * to a CSV file. The export is recorded in the audit log (it carries customers' emails).
 */
export const orderListRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get('/orders/totals', { config: adminAccess(), schema: { ...adminDoc('Totals of the filtered orders, per currency (the list’s filters)'), querystring: orderListQuerySchema, response: { 200: z.object({ success: z.literal(true), data: z.array(orderTotalsSchema) }), ...adminErrors } } }, async (request) =>
    ok(await orderTotals(ctx.db, request.query)),
  );

  app.get(
    '/orders/export',
    { config: adminAccess('staff', { rateLimit: { max: 30, timeWindow: '1 minute' } }), schema: { ...adminDoc('The filtered orders as CSV (the list’s filters; newest first)'), querystring: orderListQuerySchema, produces: ['text/csv'], response: { 200: z.string(), ...adminErrors } } },
    async (request, reply) => {
      const { page: _page, size: _size, sort: _sort, order: _order, ...filters } = request.query;
      const csv = await exportOrdersCsv(ctx.db, filters);
      const described = Object.entries(filters).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${String(v)}`).join(', ');
      await ctx.db.transaction((tx) => recordAudit(tx, actorOf(request), { action: 'order.export', entity: 'order', entityId: null, summary: `Exported orders as CSV${described ? ` (${described})` : ''}`, after: filters }));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`).send(csv);
    },
  );
};
