import { z } from 'zod';
import { currencySchema } from '../money/currency.ts';

/**
 * Coupons (spec §3 Coupon: code; §7 coupon calls). A coupon takes a percentage or a fixed amount
 * (one amount per currency) off the cart, within a validity window, above a minimum order (per
 * currency), up to a total and a per-person number of uses. Codes are case-insensitive: stored
 * and compared in upper case.
 */

export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
export const COUPON_CODE_MESSAGE = 'A coupon code is 3 to 40 letters, digits, dashes or underscores';

export const couponCodeSchema = z
  .string()
  .trim()
  .regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE)
  .transform((code) => code.toUpperCase());

export const couponCodeParamsSchema = z.object({ code: couponCodeSchema });

export const couponApplyBodySchema = z
  .strictObject({
    type: z.enum(['regular']).default('regular'),
    getStripeCoupon: z.boolean().optional(),
  })
  .default({ type: 'regular' });

export const couponKindSchema = z.enum(['percent', 'amount']);
export type CouponKind = z.infer<typeof couponKindSchema>;

const perCurrency = z.partialRecord(currencySchema, z.number().int().min(1).max(99_999_999));

/** What the coupon look-up answers: enough to explain the coupon, nothing about other people's use. */
export const couponViewSchema = z.object({
  code: z.string(),
  kind: couponKindSchema,
  /** Whole percent off, for percentage coupons. */
  percentOff: z.number().int().nullable(),
  /** Minor units off per currency, for fixed-amount coupons. */
  amountOffMinor: perCurrency.nullable(),
  /** Minimum order (sub-total) per currency in minor units; a currency not listed has none. */
  minimumOrderMinor: perCurrency,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  description: z.string(),
});
export type CouponView = z.infer<typeof couponViewSchema>;

/** The operator's definition of a new coupon (CLI `coupon:create`, the seed). */
export const couponDefinitionSchema = z
  .object({
    code: couponCodeSchema,
    kind: couponKindSchema,
    percentOff: z.number().int().min(1).max(100).nullish(),
    amountOffMinor: perCurrency.nullish(),
    minimumOrderMinor: perCurrency.default({}),
    startsAt: z.date().nullish(),
    endsAt: z.date().nullish(),
    maxUses: z.number().int().min(1).nullish(),
    maxUsesPerUser: z.number().int().min(1).nullish(),
    description: z.string().max(200).default(''),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && !c.percentOff) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A percentage coupon needs --percent (1 to 100)' });
    if (c.kind === 'amount' && (!c.amountOffMinor || Object.keys(c.amountOffMinor).length === 0))
      ctx.addIssue({ code: 'custom', path: ['amountOffMinor'], message: 'A fixed-amount coupon needs an amount in at least one currency' });
    if (c.startsAt && c.endsAt && c.endsAt <= c.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The coupon must end after it starts' });
  });
export type CouponDefinition = z.input<typeof couponDefinitionSchema>;
