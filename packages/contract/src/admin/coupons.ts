import { z } from 'zod';
import { couponCodeSchema, couponKindSchema } from '../coupons/coupon.ts';
import { currencySchema } from '../money/currency.ts';
import { textField } from '../common/text-policy.ts';
import { adminListQuerySchema } from './common.ts';

/**
 * `coupons` (staff and owners): list with uses, create, edit, disable and re-enable. The code and
 * kind are fixed once created (orders name the code); the rest may change. A disabled coupon is
 * refused at the cart like an expired one; orders already holding it keep their discount.
 * `npm run cli -- coupon:create|coupon:list` do the same from a terminal.
 */

const perCurrency = z.partialRecord(
  currencySchema,
  z.number({ error: 'is a whole number of minor units' }).int('is a whole number of minor units').min(1, 'must be at least 1').max(99_999_999, 'is at most 99999999'),
);
const when = z.iso.datetime({ offset: true, error: 'is a date and time such as 2026-12-31T23:59:00Z' }).nullable();
const limit = (label: string) => z.number({ error: `${label} is a whole number` }).int(`${label} is a whole number`).min(1, `${label} is at least 1`).max(100_000_000).nullable();

const couponFields = {
  percentOff: z.number({ error: 'percentOff is a whole number from 1 to 100' }).int().min(1, 'percentOff is from 1 to 100').max(100, 'percentOff is from 1 to 100').nullable(),
  amountOffMinor: perCurrency.nullable(),
  minimumOrderMinor: perCurrency,
  startsAt: when,
  endsAt: when,
  maxUses: limit('maxUses'),
  maxUsesPerUser: limit('maxUsesPerUser'),
  description: textField({ label: 'description', max: 200 }),
};

export const couponCreateBodySchema = z
  .object({
    code: couponCodeSchema,
    kind: couponKindSchema,
    percentOff: couponFields.percentOff.default(null),
    amountOffMinor: couponFields.amountOffMinor.default(null),
    minimumOrderMinor: couponFields.minimumOrderMinor.default({}),
    startsAt: couponFields.startsAt.default(null),
    endsAt: couponFields.endsAt.default(null),
    maxUses: couponFields.maxUses.default(null),
    maxUsesPerUser: couponFields.maxUsesPerUser.default(null),
    description: couponFields.description.default(''),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && !c.percentOff) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A percentage coupon needs percentOff (1 to 100)' });
    if (c.kind === 'percent' && c.amountOffMinor) ctx.addIssue({ code: 'custom', path: ['amountOffMinor'], message: 'A percentage coupon has no amounts' });
    if (c.kind === 'amount' && (!c.amountOffMinor || Object.keys(c.amountOffMinor).length === 0))
      ctx.addIssue({ code: 'custom', path: ['amountOffMinor'], message: 'A fixed-amount coupon needs an amount in at least one currency' });
    if (c.kind === 'amount' && c.percentOff) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A fixed-amount coupon has no percentage' });
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The coupon must end after it starts' });
  });
export type CouponCreateBody = z.input<typeof couponCreateBodySchema>;

/** `PATCH coupons/{id}`: any of these. The percentage or amounts must fit the coupon's kind; maxUses cannot go below the uses already made. */
export const couponUpdateBodySchema = z
  .object(couponFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change', path: ['description'] });
export type CouponUpdateBody = z.input<typeof couponUpdateBodySchema>;

export const COUPON_STATUSES = ['active', 'scheduled', 'ended', 'exhausted', 'disabled'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const adminCouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: couponKindSchema,
  percentOff: z.number().int().nullable(),
  amountOffMinor: perCurrency.nullable(),
  minimumOrderMinor: perCurrency,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  description: z.string(),
  status: z.enum(COUPON_STATUSES),
  disabledAt: z.string().nullable(),
  /** Uses by paid orders, and uses held by pending (unpaid) orders. */
  uses: z.object({ paid: z.number().int(), pending: z.number().int() }),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const COUPON_SORTS = ['code', 'createdAt', 'uses'] as const;
export const couponListQuerySchema = adminListQuerySchema(COUPON_SORTS, { sort: 'createdAt', order: 'desc' }).extend({
  status: z.enum(COUPON_STATUSES, { error: `status is one of ${COUPON_STATUSES.join(', ')}` }).optional(),
});
export type CouponListQuery = z.input<typeof couponListQuerySchema>;
