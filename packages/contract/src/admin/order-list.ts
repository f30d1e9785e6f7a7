import { z } from 'zod';

/**
 * `orders/totals` and `orders/export` take the order list's filters (orderListQuerySchema; paging
 * and sorting do not change them): the sums of the filtered orders per currency (money of
 * different currencies is never added up), and every filtered order as CSV.
 */
export const orderTotalsSchema = z.object({
  currency: z.string(),
  orders: z.number().int(),
  subTotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** What the payment provider took, and what went back (so net = paid − refunded). */
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** At most this many orders in one export: narrow the filters for more. */
export const ORDER_EXPORT_MAX_ROWS = 50_000;

/** The export's columns, in order (amounts in major units of the row's currency). */
export const ORDER_CSV_COLUMNS = [
  'order_number',
  'placed_at',
  'paid_at',
  'status',
  'kind',
  'customer_email',
  'buyer_name',
  'business_code',
  'conferance_code',
  'currency',
  'subtotal',
  'discount',
  'total',
  'paid',
  'refunded',
  'coupon',
  'items',
] as const;
