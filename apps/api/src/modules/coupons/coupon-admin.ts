import { couponDefinitionSchema, type CouponDefinition } from '@app/contract/coupons';
import { AppError } from '../../lib/app-error.ts';
import type { CouponRow, CouponsRepository } from './coupons.repository.ts';

/** Creates a coupon an operator defined (CLI, seed); the code is stored in upper case and must be new. */
export async function createCoupon(repo: CouponsRepository, definition: CouponDefinition): Promise<CouponRow> {
  const parsed = couponDefinitionSchema.safeParse(definition);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'coupon'}: ${issue.message}`).join('; '));
  }
  const c = parsed.data;
  if (await repo.findByCode(c.code)) throw new AppError('CONFLICT', `A coupon ${c.code} exists already`);
  return repo.insert({
    code: c.code,
    kind: c.kind,
    percentOff: c.kind === 'percent' ? (c.percentOff ?? null) : null,
    amountOffMinor: c.kind === 'amount' ? (c.amountOffMinor ?? null) : null,
    minimumOrderMinor: c.minimumOrderMinor,
    startsAt: c.startsAt ?? null,
    endsAt: c.endsAt ?? null,
    maxUses: c.maxUses ?? null,
    maxUsesPerUser: c.maxUsesPerUser ?? null,
    description: c.description,
  });
}
