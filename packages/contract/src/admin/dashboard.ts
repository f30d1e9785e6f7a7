import { z } from 'zod';
import { amountSchema, isoDateSchema } from './common.ts';
import { lowStockItemSchema } from './stock.ts';
import { adminOrderSummarySchema } from './orders.ts';

/**
 * `dashboard` (staff and owners): paid revenue per currency, orders and tonnes retired per day,
 * week or month over a range (days in UTC), top products, pending orders, low stock and new
 * customers. Revenue is never converted between currencies.
 */
export const DASHBOARD_INTERVALS = ['day', 'week', 'month'] as const;
/** The longest range per interval, so a chart never has more than a few hundred points. */
export const DASHBOARD_MAX_DAYS = { day: 370, week: 1100, month: 3700 } as const;

export const dashboardQuerySchema = z
  .object({
    /** First day (inclusive); default 30 days before `to`. */
    from: isoDateSchema.optional(),
    /** Last day (inclusive); default today. */
    to: isoDateSchema.optional(),
    interval: z.enum(DASHBOARD_INTERVALS, { error: `interval is one of ${DASHBOARD_INTERVALS.join(', ')}` }).default('day'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

export const dashboardPointSchema = z.object({
  /** First day of the period (a Monday for weeks, the 1st for months). */
  period: z.string(),
  orders: z.number().int(),
  /** Tonnes of CO2e retired by paid offset lines. */
  tonnes: z.number(),
  revenue: z.array(amountSchema),
  newCustomers: z.number().int(),
});

export const dashboardSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), interval: z.enum(DASHBOARD_INTERVALS) }),
  totals: z.object({
    revenue: z.array(amountSchema.extend({ orders: z.number().int() })),
    orders: z.number().int(),
    tonnes: z.number(),
    newCustomers: z.number().int(),
  }),
  series: z.array(dashboardPointSchema),
  topProducts: z.array(
    z.object({ productId: z.string(), name: z.string(), slug: z.string(), kind: z.string(), quantity: z.number().int(), revenue: z.array(amountSchema) }),
  ),
  pendingOrders: z.object({ count: z.number().int(), latest: z.array(adminOrderSummarySchema) }),
  lowStock: z.object({ count: z.number().int(), items: z.array(lowStockItemSchema) }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
