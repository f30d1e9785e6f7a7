import { z } from 'zod';
import { currencySchema } from '../money/currency.ts';
import { cartLineGiftSchema } from './gift.ts';
import { CART_MAX_LINES, CART_MAX_QUANTITY, CART_TYPES } from './limits.ts';

/**
 * The server cart of spec §3/§7. The server prices every line from the product's price list in
 * the cart's currency; a client only ever sends product ids, variation ids and quantities.
 * Money is sent twice: in major units (`subTotal`, for display, as the catalog's `price`) and in
 * exact integer minor units (`subTotalMinor`), which is what the server computed.
 */

const uuid = z.uuid({ message: 'must be an id' });
const quantity = z.number().int('Quantity must be a whole number').min(0, 'Quantity cannot be negative').max(CART_MAX_QUANTITY, `Quantity can be at most ${CART_MAX_QUANTITY}`);

/** One line of the update payload: add `quantity` of a product (0 removes the line). */
export const cartUpdateLineSchema = z.strictObject({
  product: uuid,
  quantity,
  /** The chosen color's `_id` and size's `_id`, required for products with variations. */
  color: uuid.nullish(),
  size: uuid.nullish(),
});

/** One line of the checkout-flag payload: set the quantity of a line already in the cart. */
export const cartCheckoutLineSchema = z.strictObject({
  product: uuid,
  cartItemId: uuid,
  quantity,
});

/** `updateCurrency`: a currency code re-prices the cart in it; `true` uses the account's currency. */
const updateCurrency = z.union([currencySchema, z.boolean()]).optional();

const eventFields = {
  conferanceCode: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/, 'A conference code uses letters, digits, dashes and underscores').nullish(),
  eventOwnerOrder: z.boolean().nullish(),
  businessEventUserId: uuid.nullish(),
};

/** `PATCH /v1/carts` (spec §3 cart update payload). */
export const cartUpdateBodySchema = z
  .strictObject({
    products: z.array(z.union([cartUpdateLineSchema, cartCheckoutLineSchema])).max(CART_MAX_LINES, `At most ${CART_MAX_LINES} products at once`).default([]),
    /** With the checkout flag, each entry names a line by `cartItemId` and sets its quantity. */
    checkout: z.boolean().optional(),
    updateCurrency,
    /** The products are a guest's browser cart, merged into the account's cart at login. */
    itemsPreLogin: z.boolean().optional(),
    /**
     * The browser cart's id, sent with itemsPreLogin: a merge whose answer was lost (a reload
     * mid-request) is not added a second time when the browser sends it again.
     */
    mergeId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'mergeId is 8 to 64 letters, digits, dashes or underscores').optional(),
    getStripeCoupon: z.boolean().optional(),
    type: z.enum(CART_TYPES).default('regular'),
    /** Spec §3 names it; a single product of the payload (kept for compatibility, unused). */
    productId: uuid.optional(),
    ...eventFields,
  })
  .superRefine((body, ctx) => {
    body.products.forEach((line, index) => {
      const isCheckoutLine = 'cartItemId' in line;
      if (body.checkout && !isCheckoutLine) ctx.addIssue({ code: 'custom', path: ['products', index, 'cartItemId'], message: 'With checkout, every line needs its cartItemId' });
      if (!body.checkout && isCheckoutLine) ctx.addIssue({ code: 'custom', path: ['products', index, 'cartItemId'], message: 'cartItemId is only sent with checkout' });
    });
  });
export type CartUpdateBody = z.input<typeof cartUpdateBodySchema>;

export const cartItemParamsSchema = z.object({ id: uuid });
export const getStripeCouponBodySchema = z.strictObject({ getStripeCoupon: z.boolean().optional() }).default({});

/** `PATCH /v1/calculate-express-checkout`: totals for products bought at once, nothing stored. */
export const expressCheckoutBodySchema = z.strictObject({
  products: z.array(cartUpdateLineSchema).min(1, 'Choose a product').max(CART_MAX_LINES, `At most ${CART_MAX_LINES} products at once`),
  coupon: z.string().trim().max(40).nullish(),
  getStripeCoupon: z.boolean().optional(),
  updateCurrency,
});

/** `PATCH /v1/track-country`: the country the visitor picked (ISO 3166-1 alpha-2). */
export const trackCountryBodySchema = z.strictObject({
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'A country is a two-letter code').transform((code) => code.toUpperCase()),
});
export const trackCountryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ country: z.string(), currency: currencySchema, changed: z.boolean() }),
});

const named = z.object({ _id: z.string(), name: z.string() });

export const cartLineSchema = z.object({
  cartItemId: z.string(),
  product: z.object({ _id: z.string(), id: z.string(), name: z.string(), slug: z.string(), image: z.array(z.string()), kind: z.string(), unit: z.string() }),
  /** The chosen colour, with its photo when it has one (the line shows it). */
  color: named.extend({ image: z.string().nullable() }).nullable(),
  size: named.nullable(),
  quantity: z.number().int(),
  /** Units of this product (or of this color and size) in stock now. */
  inStock: z.number().int(),
  price: z.number(),
  priceMinor: z.number().int(),
  lineTotal: z.number(),
  lineTotalMinor: z.number().int(),
  /** An offset line given to someone (PATCH /v1/carts/{id}/gift); null or absent otherwise. */
  gift: cartLineGiftSchema.nullable().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const discountUnitSchema = z.enum(['percent', 'amount']);

/** The cart as every cart call answers it (spec §7 GET /v1/carts fields, plus exact minor units). */
export const cartSchema = z.object({
  _id: z.string().nullable(),
  products: z.array(cartLineSchema),
  /** Lines in the cart: the header's count. */
  itemCount: z.number().int(),
  currency: currencySchema,
  currencySymbol: z.string(),
  temporaryCheckoutCurrency: currencySchema,
  type: z.enum(CART_TYPES),
  subTotal: z.number(),
  subTotalMinor: z.number().int(),
  discount: z.number(),
  discountMinor: z.number().int(),
  /** How the coupon is expressed: a percentage, or an amount of the cart's currency; null without a coupon. */
  discountUnit: discountUnitSchema.nullable(),
  /** 10 for 10 %, 5 for 5.00 off; null without a coupon. */
  couponValue: z.number().nullable(),
  orderTotal: z.number(),
  orderTotalMinor: z.number().int(),
  /** Whether the card provider can charge this total in this currency (its minimum and maximum). */
  orderTotalWithinStripeRange: z.boolean(),
  coupon: z.string().nullable(),
  couponType: z.string().nullable(),
  /** Why the attached coupon takes nothing off right now (e.g. below its minimum), else null. */
  couponError: z.string().nullable(),
  couponData: z
    .object({ coupon: z.string(), stripePaymentCouponId: z.string().nullable(), stripeSubscriptionCouponId: z.string().nullable(), type: z.string() })
    .nullable(),
  /** The card provider's coupon ids; null with the built-in test provider. */
  stripePaymentCouponId: z.string().nullable(),
  stripeSubscriptionCouponId: z.string().nullable(),
  conferanceCode: z.string().nullable(),
  eventOwnerOrder: z.boolean(),
  businessEventUserId: z.string().nullable(),
  /** The business this cart is filled for (`PUT /v1/carts/transfer`), or null for a personal cart. */
  businessCode: z.string().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

/** `PUT /v1/carts/transfer` and `/transfer/reverse`: the business whose context the cart enters or leaves. */
export const cartTransferBodySchema = z.strictObject({ businessCode: z.string().trim().min(1, 'businessCode is required').max(64) });

export const cartEnvelopeSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: cartSchema });
