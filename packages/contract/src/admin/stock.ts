import { z } from 'zod';
import { textField } from '../common/text-policy.ts';
import { actorSchema, adminIdSchema, adminListQuerySchema } from './common.ts';

/**
 * `products/{id}/stock`: stock levels, changes with a reason, and the stock ledger. Every change
 * of units on hand is a ledger row (who, delta, reason, resulting level, the order if any),
 * written in the transaction that changes the stock: operator changes, the first stock of a new
 * product or size, CSV imports, and sales by orders. `GET products/low-stock` lists what is at
 * or below its product's threshold.
 */

/** Reasons an operator gives. */
export const STOCK_CHANGE_REASONS = ['restock', 'correction', 'damaged'] as const;
/** Every reason a ledger row can carry: an operator's, and those the shop writes itself. */
export const STOCK_LEDGER_REASONS = [...STOCK_CHANGE_REASONS, 'initial', 'import', 'sale', 'return'] as const;
export type StockLedgerReason = (typeof STOCK_LEDGER_REASONS)[number];

const quantity = (label: string, min: number) =>
  z
    .number({ error: `${label} is a whole number` })
    .int(`${label} is a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(10_000_000, `${label} is at most 10000000`);

/**
 * `POST products/{id}/stock`: `set` the units on hand to a number, or `adjust` them by a delta
 * (negative for damaged goods). `sizeId` names the size of a product with colours and sizes.
 */
export const stockChangeBodySchema = z
  .object({
    sizeId: adminIdSchema('a size id').optional(),
    set: quantity('The new stock', 0).optional(),
    adjust: z
      .number({ error: 'The change is a whole number' })
      .int('The change is a whole number')
      .min(-10_000_000)
      .max(10_000_000)
      .refine((delta) => delta !== 0, 'The change cannot be 0')
      .optional(),
    reason: z.enum(STOCK_CHANGE_REASONS, { error: `reason is one of ${STOCK_CHANGE_REASONS.join(', ')}` }),
    note: textField({ label: 'note', max: 300 }).optional(),
  })
  .refine((body) => (body.set === undefined) !== (body.adjust === undefined), { message: 'Send either set (the new stock) or adjust (the change)', path: ['set'] });
export type StockChangeBody = z.input<typeof stockChangeBodySchema>;

export const stockLevelSchema = z.object({
  /** null: the product's own stock (no colours). */
  sizeId: z.string().nullable(),
  /** "Stock" or "Blue / M". */
  label: z.string(),
  stock: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
});

export const stockLedgerEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  sizeId: z.string().nullable(),
  label: z.string(),
  delta: z.number().int(),
  /** Units on hand after this change. */
  resultingStock: z.number().int(),
  reason: z.enum(STOCK_LEDGER_REASONS),
  note: z.string().nullable(),
  /** The operator; null for changes made by orders. */
  actor: actorSchema.nullable(),
  order: z.object({ _id: z.string(), orderNumber: z.string() }).nullable(),
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntrySchema>;

export const stockViewSchema = z.object({
  productId: z.string(),
  levels: z.array(stockLevelSchema),
  lowStockThreshold: z.number().int(),
  lowStock: z.boolean(),
});
export type StockView = z.infer<typeof stockViewSchema>;

export const STOCK_LEDGER_SORTS = ['at'] as const;
export const stockLedgerQuerySchema = adminListQuerySchema(STOCK_LEDGER_SORTS, { sort: 'at', order: 'desc' }).extend({
  sizeId: adminIdSchema('a size id').optional(),
  reason: z.enum(STOCK_LEDGER_REASONS, { error: `reason is one of ${STOCK_LEDGER_REASONS.join(', ')}` }).optional(),
});
export type StockLedgerQuery = z.input<typeof stockLedgerQuerySchema>;

/** `GET products/{id}/stock`: levels now, and a page of the ledger (newest first). */
export const stockPageSchema = z.object({
  success: z.literal(true),
  data: stockViewSchema.extend({ ledger: z.array(stockLedgerEntrySchema) }),
  meta: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});

export const lowStockItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  slug: z.string(),
  kind: z.string(),
  image: z.string().nullable(),
  sizeId: z.string().nullable(),
  label: z.string(),
  available: z.number().int(),
  lowStockThreshold: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const LOW_STOCK_SORTS = ['available', 'name'] as const;
export const lowStockQuerySchema = adminListQuerySchema(LOW_STOCK_SORTS, { sort: 'available', order: 'asc' });
