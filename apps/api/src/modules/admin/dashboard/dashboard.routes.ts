import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { dataEnvelope } from '@app/contract';
import { DASHBOARD_MAX_DAYS, dashboardQuerySchema, dashboardSchema, type Dashboard } from '@app/contract/admin';
import { AppError } from '../../../lib/app-error.ts';
import { certificates, orderItems, orders, users } from '../../../db/schema/index.ts';
import type { AdminContext } from '../admin.context.ts';
import { adminAccess, adminDoc, adminErrors, ok } from '../admin-route.ts';
import { orderReads } from '../orders/orders.reads.ts';
import { lowStockPage } from '../stock/stock.routes.ts';

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of each period from `from` to `to` (UTC): days, Mondays, or the 1st of months. */
function periods(from: string, to: string, interval: 'day' | 'week' | 'month'): string[] {
  const out: string[] = [];
  let cursor = new Date(`${from}T00:00:00Z`);
  if (interval === 'week') cursor = new Date(cursor.getTime() - ((cursor.getUTCDay() + 6) % 7) * DAY);
  if (interval === 'month') cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth(), 1));
  const end = new Date(`${to}T00:00:00Z`).getTime();
  while (cursor.getTime() <= end) {
    out.push(isoDay(cursor));
    cursor = interval === 'day' ? new Date(cursor.getTime() + DAY) : interval === 'week' ? new Date(cursor.getTime() + 7 * DAY) : new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
  }
  return out;
}

type Rows<T> = { rows: T[] };

/**
 * `dashboard`: paid revenue per currency (never converted), paid orders, tonnes retired and new
 * customers per day, week or month over a range of UTC days; top products; pending orders; low
 * stock. A handful of grouped queries, whatever the range.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get('/dashboard', { config: adminAccess(), schema: { ...adminDoc('The shop at a glance over a range of days'), querystring: dashboardQuerySchema, response: { 200: dataEnvelope(dashboardSchema), ...adminErrors } } }, async (request) => {
    const q = request.query;
    const to = q.to ?? isoDay(ctx.now());
    const from = q.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY));
    if (from > to) throw new AppError('VALIDATION_FAILED', 'from must not be after to', { fields: { from: ['must not be after to'] } });
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY + 1;
    if (days > DASHBOARD_MAX_DAYS[q.interval]) {
      throw new AppError('VALIDATION_FAILED', `A ${q.interval}ly chart covers at most ${DASHBOARD_MAX_DAYS[q.interval]} days: choose a shorter range or a longer interval`, { fields: { from: [`at most ${DASHBOARD_MAX_DAYS[q.interval]} days before to`] } });
    }
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY);
    const unit = sql.raw(`'${q.interval}'`);
    const bucket = (column: unknown) => sql`to_char(date_trunc(${unit}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const db = ctx.db;

    const [revenue, certs, customers, top] = await Promise.all([
      db.execute(sql`select ${bucket(orders.paidAt)} as period, ${orders.currency} as currency, count(*)::int as orders, sum(${orders.totalMinor} - ${orders.refundedMinor})::bigint as amount
        from ${orders} where ${orders.status} in ('paid', 'partially_refunded') and ${orders.paidAt} >= ${start} and ${orders.paidAt} < ${end} group by 1, 2`) as unknown as Promise<Rows<{ period: string; currency: string; orders: number; amount: string }>>,
      db.execute(sql`select ${bucket(certificates.issuedAt)} as period, sum(${certificates.tonnesMilli})::bigint as milli
        from ${certificates} where ${certificates.status} = 'valid' and ${certificates.issuedAt} >= ${start} and ${certificates.issuedAt} < ${end} group by 1`) as unknown as Promise<Rows<{ period: string; milli: string }>>,
      db.execute(sql`select ${bucket(users.createdAt)} as period, count(*)::int as n from ${users} where ${users.createdAt} >= ${start} and ${users.createdAt} < ${end} group by 1`) as unknown as Promise<Rows<{ period: string; n: number }>>,
      db.execute(sql`select i.product_id, max(i.product_name) as name, max(i.product_slug) as slug, max(i.product_kind) as kind, o.currency, sum(i.quantity - i.refunded_quantity)::int as quantity, sum((i.quantity - i.refunded_quantity) * i.unit_price_minor)::bigint as amount
        from ${orderItems} i join ${orders} o on o.id = i.order_id
        where o.status in ('paid', 'partially_refunded') and o.paid_at >= ${start} and o.paid_at < ${end} group by i.product_id, o.currency`) as unknown as Promise<Rows<{ product_id: string; name: string; slug: string; kind: string; currency: string; quantity: number; amount: string }>>,
    ]);

    const series = periods(from, to, q.interval).map((period) => {
      const paid = revenue.rows.filter((r) => r.period === period);
      return {
        period,
        orders: paid.reduce((n, r) => n + Number(r.orders), 0),
        tonnes: Number(certs.rows.find((r) => r.period === period)?.milli ?? 0) / 1000,
        revenue: paid.map((r) => ({ currency: r.currency, amountMinor: Number(r.amount) })),
        newCustomers: Number(customers.rows.find((r) => r.period === period)?.n ?? 0),
      };
    });
    const byCurrency = new Map<string, { currency: string; amountMinor: number; orders: number }>();
    for (const r of revenue.rows) {
      const entry = byCurrency.get(r.currency) ?? { currency: r.currency, amountMinor: 0, orders: 0 };
      entry.amountMinor += Number(r.amount);
      entry.orders += Number(r.orders);
      byCurrency.set(r.currency, entry);
    }
    const products = new Map<string, Dashboard['topProducts'][number]>();
    for (const r of top.rows) {
      const entry = products.get(r.product_id) ?? { productId: r.product_id, name: r.name, slug: r.slug, kind: r.kind, quantity: 0, revenue: [] };
      entry.quantity += Number(r.quantity);
      entry.revenue.push({ currency: r.currency, amountMinor: Number(r.amount) });
      products.set(r.product_id, entry);
    }
    const [pending, low] = await Promise.all([orderReads.page(db, { page: 1, size: 5, sort: 'createdAt', order: 'desc', status: 'pending' }), lowStockPage(db, { page: 1, size: 5 })]);
    const dashboard: Dashboard = {
      range: { from, to, interval: q.interval },
      totals: {
        revenue: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
        orders: series.reduce((n, p) => n + p.orders, 0),
        tonnes: series.reduce((n, p) => n + p.tonnes, 0),
        newCustomers: series.reduce((n, p) => n + p.newCustomers, 0),
      },
      series,
      topProducts: [...products.values()].sort((a, b) => b.quantity - a.quantity).slice(0, 10),
      pendingOrders: { count: pending.total, latest: pending.data },
      lowStock: { count: low.total, items: low.items },
    };
    return ok(dashboard);
  });
};
