import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { orderFulfilmentSchema } from '../orders/fulfilment.ts';
import { adminIdSchema } from './common.ts';

/**
 * `orders/{id}/fulfilments` (staff and owners): ship goods lines with a carrier and tracking
 * number, mark a shipment delivered (`orders/{id}/fulfilments/{fulfilmentId}/delivery`), and
 * record units that came back (`orders/{id}/returns`, which puts them back in stock).
 */
export const FULFILMENT_MAX_LINES = 100;

const lineQuantities = (what: string) =>
  z
    .array(
      z.object({
        lineId: adminIdSchema('an order line id'),
        quantity: z.number({ error: 'quantity is a whole number' }).int('quantity is a whole number').min(1, 'quantity must be at least 1').max(100_000, 'quantity is at most 100000'),
      }),
      { error: `lines is a list of { lineId, quantity }` },
    )
    .min(1, `Choose at least one line to ${what}`)
    .max(FULFILMENT_MAX_LINES, `At most ${FULFILMENT_MAX_LINES} lines at once`)
    .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, 'Each line appears once');

export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/** `POST orders/{id}/fulfilments`: the lines and units in the parcel, its carrier and tracking number. */
export const fulfilmentBodySchema = z.object({
  lines: lineQuantities('ship'),
  carrier: textField({ label: 'carrier', max: 60, required: true }),
  trackingNumber: textField({ label: 'tracking number', max: 100, required: true }).refine((value) => TRACKING_NUMBER_PATTERN.test(value), 'The tracking number has letters, digits, spaces, dots, dashes or slashes only'),
});
export type FulfilmentBody = z.input<typeof fulfilmentBodySchema>;

/** `POST orders/{id}/returns`: units of shipped lines that came back; they go back to stock. */
export const returnBodySchema = z.object({
  lines: lineQuantities('return'),
  note: textField({ label: 'note', max: 300 }).optional(),
});
export type ReturnBody = z.input<typeof returnBodySchema>;

export const fulfilmentParamsSchema = z.object({ id: adminIdSchema(), fulfilmentId: adminIdSchema('a shipment id') });

/** An order's fulfilment as the console shows it: per line, the parcels, and the returns. */
export const adminOrderFulfilmentSchema = orderFulfilmentSchema.extend({
  returns: z.array(z.object({ _id: z.string(), lineId: z.string(), quantity: z.number().int(), note: z.string().nullable(), returnedAt: z.string() })),
});
export type AdminOrderFulfilment = z.infer<typeof adminOrderFulfilmentSchema>;
