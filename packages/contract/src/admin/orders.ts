import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '../money/currencies.ts';
import { ORDER_STATUSES } from '../orders/order.ts';
import { adminIdSchema, adminListQuerySchema, isoDateSchema } from './common.ts';

/**
 * `orders` (staff and owners): the list with filters and one order in full. Issue 25 adds
 * cancellations, refunds (`orders/{id}/refunds`), fulfilments (`orders/{id}/fulfilments`) and the
 * timeline: it extends `adminOrderDetailSchema` (an object schema: `.extend({...})`) and the
 * statuses, and adds routes beside these.
 */
export const ORDER_KINDS = ['personal', 'business', 'event'] as const;

export const adminOrderSummarySchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  kind: z.string(),
  currency: z.string(),
  subTotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  couponCode: z.string().nullable(),
  customer: z.object({ _id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  businessId: z.string().nullable(),
  lineCount: z.number().int(),
  paymentProvider: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderLineSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productSlug: z.string(),
  productKind: z.string(),
  unit: z.string(),
  colorName: z.string().nullable(),
  sizeName: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  totalMinor: z.number().int(),
});

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  buyerEmail: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.record(z.string(), z.unknown()).nullable(),
  businessCode: z.string().nullable(),
  conferanceCode: z.string().nullable(),
  paymentReference: z.string().nullable(),
  reservedUntil: z.string().nullable(),
  lines: z.array(adminOrderLineSchema),
  certificates: z.array(z.object({ serial: z.string(), productName: z.string(), tonnes: z.number(), status: z.enum(['valid', 'void']) })),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const ORDER_SORTS = ['createdAt', 'paidAt', 'total'] as const;
export const orderListQuerySchema = adminListQuerySchema(ORDER_SORTS, { sort: 'createdAt', order: 'desc' }).extend({
  status: z.enum(ORDER_STATUSES, { error: `status is one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  kind: z.enum(ORDER_KINDS, { error: `kind is one of ${ORDER_KINDS.join(', ')}` }).optional(),
  currency: z.enum(SUPPORTED_CURRENCIES, { error: `currency is one of ${SUPPORTED_CURRENCIES.join(', ')}` }).optional(),
  /** The customer's account email (exact) or a part of it. */
  email: z.string().trim().max(254).optional(),
  customer: adminIdSchema('a customer id').optional(),
  product: adminIdSchema('a product id').optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
