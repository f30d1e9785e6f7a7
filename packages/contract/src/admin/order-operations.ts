import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { ORDER_EVENT_KINDS, ORDER_STATUSES } from '../orders/order.ts';
import { adminIdSchema } from './common.ts';

/**
 * What an operator does to an order after it is placed (issue 25, decision 0042): cancel an
 * unpaid one (`POST orders/{id}/cancel`), refund a paid one (`POST orders/{id}/refunds`: the
 * whole order, chosen lines and quantities, or an amount, always with a reason), and read its
 * history (`GET orders/{id}/history`: timeline, refunds, what is left to refund).
 */

const reason = textField({ label: 'reason', max: 500, required: true });

export const adminOrderCancelBodySchema = z.object({
  reason: textField({ label: 'reason', max: 500 }).optional(),
});
export type AdminOrderCancelBody = z.input<typeof adminOrderCancelBodySchema>;

export const REFUND_KINDS = ['order', 'lines', 'amount'] as const;

const refundLineSchema = z.object({
  lineId: adminIdSchema('a line id of this order'),
  quantity: z.number({ error: 'quantity is a whole number' }).int('quantity is a whole number').min(1, 'quantity is at least 1').max(1_000_000, 'quantity is at most 1000000'),
});

/**
 * `kind: order` refunds everything not yet refunded; `lines` the chosen quantities of lines (the
 * amount is their share of what was paid, after the order's discount); `amount` a sum in minor
 * units of the order's currency (no line returns; refunding all that is left counts as the whole order).
 */
export const adminRefundBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('order'), reason }),
    z.object({
      kind: z.literal('lines'),
      reason,
      lines: z
        .array(refundLineSchema, { error: 'lines is a list of { lineId, quantity }' })
        .min(1, 'lines must name at least one line')
        .max(200, 'lines has at most 200 entries')
        .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, 'lines names each line once'),
    }),
    z.object({
      kind: z.literal('amount'),
      reason,
      amountMinor: z.number({ error: 'amountMinor is a whole number of minor units' }).int('amountMinor is a whole number of minor units').min(1, 'amountMinor is at least 1').max(1_000_000_000, 'amountMinor is too large'),
    }),
  ],
  { error: `kind is one of ${REFUND_KINDS.join(', ')}` },
);
export type AdminRefundBody = z.input<typeof adminRefundBodySchema>;

export const voidedCertificateSchema = z.object({
  serial: z.string(),
  productName: z.string(),
  /** Tonnes no longer retired for the buyer (back in the product's stock). */
  tonnes: z.number(),
  /** The certificate issued for what is left of the line, when only part of it was refunded. */
  replacedBySerial: z.string().nullable(),
});
export type VoidedCertificate = z.infer<typeof voidedCertificateSchema>;

export const adminRefundResultSchema = z.object({
  refund: z.object({ _id: z.string(), kind: z.enum(REFUND_KINDS), amountMinor: z.number().int(), currency: z.string(), status: z.string() }),
  status: z.enum(ORDER_STATUSES),
  voided: z.array(voidedCertificateSchema),
});
export type AdminRefundResult = z.infer<typeof adminRefundResultSchema>;

export const adminOrderEventSchema = z.object({
  at: z.string(),
  actor: z.string(),
  /** The operator's or buyer's email, when a person did it. */
  actorEmail: z.string().nullable(),
  kind: z.enum(ORDER_EVENT_KINDS),
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  /** Operators only: the buyer's history leaves it out. */
  internal: z.boolean(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEventSchema>;

export const adminOrderHistorySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  paidMinor: z.number().int(),
  refundedMinor: z.number().int(),
  /** What a refund may still give back. */
  refundableMinor: z.number().int(),
  /** Staff may refund an order up to this much in all (STAFF_REFUND_LIMIT_MINOR); owners any amount. */
  staffRefundLimitMinor: z.number().int(),
  /** The statuses this order may move to next (decision 0042). */
  next: z.array(z.enum(ORDER_STATUSES)),
  lines: z.array(z.object({ _id: z.string(), productName: z.string(), productKind: z.string(), quantity: z.number().int(), refundedQuantity: z.number().int(), unitPriceMinor: z.number().int() })),
  refunds: z.array(
    z.object({ _id: z.string(), amountMinor: z.number().int(), status: z.string(), reason: z.string(), reasonText: z.string().nullable(), kind: z.string().nullable(), requestedBy: z.string().nullable(), createdAt: z.string() }),
  ),
  timeline: z.array(adminOrderEventSchema),
});
export type AdminOrderHistory = z.infer<typeof adminOrderHistorySchema>;
