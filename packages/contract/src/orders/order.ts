import { z } from 'zod';
import { currencySchema } from '../money/currency.ts';
import { discountUnitSchema } from '../cart/cart.ts';
import { orderFulfilmentSchema } from './fulfilment.ts';
import { orderLineGiftSchema } from '../cart/gift.ts';

/**
 * Orders (spec §3 Order payload and Order state; §7 `POST v1/orders`, order reads). The client
 * sends who is buying and where; the server takes the lines from the caller's server cart, prices
 * them, reserves stock and freezes prices and totals on the order. Any cart fields the web sends
 * along (spec: "the cart fields plus ...") are accepted and ignored: a client never sets a price.
 */

const uuid = z.uuid({ message: 'must be an id' });
const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(80, `${label} can be at most 80 characters`);

/** A postal address; firstName and lastName name the recipient (spec §3 "address (with firstName and lastName)"). */
export const orderAddressSchema = z.strictObject({
  firstName: name('First name'),
  lastName: name('Last name'),
  line1: z.string().trim().min(1, 'Address is required').max(120, 'Address can be at most 120 characters'),
  line2: z.string().trim().max(120, 'Address line 2 can be at most 120 characters').nullish(),
  city: z.string().trim().min(1, 'City is required').max(80, 'City can be at most 80 characters'),
  postalCode: z.string().trim().min(1, 'Postal code is required').max(20, 'Postal code can be at most 20 characters'),
  region: z.string().trim().max(80, 'Region can be at most 80 characters').nullish(),
  /** ISO 3166-1 alpha-2, kept in capitals (a rewrite, not a transform: the API's compiled body check follows it, decision 0080). */
  country: z.string().trim().toUpperCase().regex(/^[A-Za-z]{2}$/, 'A country is a two-letter code'),
  phone: z.string().trim().max(32, 'Phone can be at most 32 characters').regex(/^[0-9 +().-]*$/, 'A phone number uses digits, spaces and + ( ) . -').nullish(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** The stored address as an answer carries it: plain fields (a response schema may not transform). */
export const orderAddressViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  line1: z.string(),
  line2: z.string().nullish(),
  city: z.string(),
  postalCode: z.string(),
  region: z.string().nullish(),
  country: z.string(),
  phone: z.string().nullish(),
});

/** `POST /v1/orders` (spec §3 Order payload). Header `Idempotency-Key` (8–128 visible characters) makes a retry return the first order. */
export const orderCreateBodySchema = z.object({
  /** The referrer's user id; blank ('' or null) for none. The web sends it blank when it is the buyer's own id. */
  referalUserId: z.union([uuid, z.literal('')]).nullish(),
  /** A business order (BusinessOrderSelection 'yes'); then businessCode names the buyer's business. */
  isBusinessOrder: z.boolean().default(false),
  buyerEmail: z.email({ message: 'Please enter a valid email' }).max(254).nullish(),
  businessCode: z.string().trim().max(64).nullish(),
  firstName: name('First name'),
  lastName: name('Last name'),
  address: orderAddressSchema,
  businessOwnerUserId: uuid.nullish(),
  conferanceCode: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/, 'A conference code uses letters, digits, dashes and underscores').nullish(),
  eventOwnerOrder: z.boolean().nullish(),
  businessEventUserId: uuid.nullish(),
});
export type OrderCreateBody = z.input<typeof orderCreateBodySchema>;

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'partially_refunded', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** personal: for the buyer; business: for the buyer's business; event: tied to an event by conferanceCode. */
export const orderKindSchema = z.enum(['personal', 'business', 'event']);
export type OrderKind = z.infer<typeof orderKindSchema>;

export const paymentProviderSchema = z.enum(['test', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

const named = z.object({ _id: z.string(), name: z.string() });

/** Who did something to an order: the buyer, a shop operator, the shop itself (expiry, its rules) or the payment provider. */
export const orderEventActorSchema = z.enum(['buyer', 'operator', 'system', 'provider']);
/**
 * Timeline kinds. Status changes: paid, expired, cancelled, partially_refunded, fully_refunded
 * (decision 0042); the others tell the story around them: refund_requested (decided), refunded
 * (the provider confirmed the money), certificates_voided (the serials, in the note); shipped, delivered and returned
 * (goods lines, decision 0044).
 */
export const ORDER_EVENT_KINDS = ['placed', 'paid', 'payment_received', 'expired', 'cancelled', 'refund_requested', 'refunded', 'refund_failed', 'partially_refunded', 'fully_refunded', 'certificates_voided', 'shipped', 'delivered', 'returned'] as const;
export const orderEventKindSchema = z.enum(ORDER_EVENT_KINDS);
export type OrderEventKind = z.infer<typeof orderEventKindSchema>;

/** One row of an order's timeline (oldest first), as its buyer sees it. */
export const orderEventSchema = z.object({
  at: z.string(),
  actor: orderEventActorSchema,
  kind: orderEventKindSchema,
  /** Money the event moved, in the order's currency (major units, and minor units beside). */
  amount: z.number().nullable(),
  amountMinor: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderLineSchema = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), id: z.string(), name: z.string(), slug: z.string(), image: z.array(z.string()), kind: z.string(), unit: z.string() }),
  color: named.nullable(),
  size: named.nullable(),
  quantity: z.number().int(),
  /** Frozen when the order was placed. */
  price: z.number(),
  priceMinor: z.number().int(),
  lineTotal: z.number(),
  lineTotalMinor: z.number().int(),
  /** Units of the line refunded (an offset line's refunded tonnes are no longer retired); absent means none. */
  refundedQuantity: z.number().int().optional(),
  /** A line given to someone: the order history says "given to <name>". */
  gift: orderLineGiftSchema.nullable().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  id: z.string(),
  /** A short, readable reference for mails and support, e.g. GM-4F7K2-QXA9M (no date: the page shows when, in the reader's zone). */
  orderNumber: z.string(),
  status: orderStatusSchema,
  kind: orderKindSchema,
  isBusinessOrder: z.boolean(),
  businessCode: z.string().nullable(),
  conferanceCode: z.string().nullable(),
  currency: currencySchema,
  currencySymbol: z.string(),
  products: z.array(orderLineSchema),
  subTotal: z.number(),
  subTotalMinor: z.number().int(),
  discount: z.number(),
  discountMinor: z.number().int(),
  discountUnit: discountUnitSchema.nullable(),
  coupon: z.string().nullable(),
  orderTotal: z.number(),
  orderTotalMinor: z.number().int(),
  /** Tonnes of CO2e retired by the order's offset lines. */
  tonnes: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  buyerEmail: z.string(),
  address: orderAddressViewSchema.nullable(),
  payment: z.object({
    provider: paymentProviderSchema,
    /** Where the browser goes to pay (Stripe Checkout); null when nothing is left to do. */
    checkoutUrl: z.string().nullable(),
  }),
  /** While pending: when the stock reservation lapses and the order expires. */
  reservedUntil: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Set when cancelled: by the buyer (`buyer`) or because the coupon ran out before the payment arrived (`coupon_exhausted`). */
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Money refunded (or being refunded) on this order, in minor units. */
  refundedMinor: z.number().int(),
  /** The order's history, oldest first: only in the answer for one order (`GET v1/orders/{id}`, cancel). */
  timeline: z.array(orderEventSchema).optional(),
  /** Shipping of the goods lines, per line and per parcel: only in the answer for one order with goods lines. */
  fulfilment: orderFulfilmentSchema.optional(),
  /** Serials of the retirement certificates issued for this order (paid offset lines). */
  certificates: z.array(z.object({ serial: z.string(), productName: z.string(), tonnes: z.number(), status: z.enum(['valid', 'void']).optional() })),
});
export type Order = z.infer<typeof orderSchema>;

export const orderEnvelopeSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: orderSchema });

export const orderParamsSchema = z.object({ id: uuid });
/** `GET v1/orders/{id}?isBusinessOrder=&businessCode=` */
export const orderReadQuerySchema = z.object({
  isBusinessOrder: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  businessCode: z.string().trim().max(64).optional(),
});

/** `GET /v1/customer-orders?page=&cert=true`: the caller's orders, newest first; with cert only orders holding certificates. */
export const CUSTOMER_ORDERS_PAGE_SIZE = 10;
export const customerOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(CUSTOMER_ORDERS_PAGE_SIZE),
  cert: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export const customerOrdersEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.array(orderSchema),
  meta: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
});

/** `GET v1/orders/graph` (and `?businessCode=&isBusiness=true`): paid orders per month, last 12 months. */
export const orderGraphQuerySchema = z.object({
  businessCode: z.string().trim().max(64).optional(),
  isBusiness: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
const spendSchema = z.object({ currency: currencySchema, amount: z.number(), amountMinor: z.number().int() });
export const orderGraphPointSchema = z.object({
  /** '2026-11' for months, '2026' for years. */
  period: z.string(),
  orders: z.number().int(),
  tonnes: z.number(),
  /** Spend per currency paid in (amounts in different currencies are never added). */
  spend: z.array(spendSchema),
});
export type OrderGraphPoint = z.infer<typeof orderGraphPointSchema>;
export const orderGraphEnvelopeSchema = z.object({ success: z.literal(true), data: z.array(orderGraphPointSchema) });
