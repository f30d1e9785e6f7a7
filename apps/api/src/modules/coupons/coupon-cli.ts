import { parseArgs } from 'node:util';
import { isSupportedCurrency, majorToMinor, type Currency } from '@app/contract';
import type { CouponDefinition } from '@app/contract/coupons';

export const COUPON_CREATE_USAGE = `Usage: npm run cli -- coupon:create --code CODE (--percent N | --amount CUR=AMOUNT[,CUR=AMOUNT...])
         [--min CUR=AMOUNT[,...]] [--starts YYYY-MM-DD] [--ends YYYY-MM-DD]
         [--max-uses N] [--max-uses-per-user N] [--description TEXT]
Amounts are in major units of each currency (USD=5,EUR=4.5,JPY=750).`;

/** "USD=5,JPY=750" → { USD: 500, JPY: 750 } in minor units. */
export function parseAmounts(text: string, option: string): Partial<Record<Currency, number>> {
  const result: Partial<Record<Currency, number>> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([A-Za-z]{3})=(\d+(?:\.\d+)?)$/.exec(part);
    if (!match) throw new Error(`--${option}: "${part}" is not CURRENCY=AMOUNT (for example USD=5)`);
    const currency = match[1].toUpperCase();
    if (!isSupportedCurrency(currency)) throw new Error(`--${option}: ${currency} is not a supported currency`);
    result[currency] = majorToMinor(Number(match[2]), currency);
  }
  return result;
}

function whole(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${option} must be a whole number`);
  return Number(value);
}

function day(value: string | undefined, option: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new Error(`--${option} must be a date such as 2027-01-31`);
  return date;
}

/** The arguments of `coupon:create` as a coupon definition (validated again by createCoupon). */
export function parseCouponCreateArgs(argv: string[]): CouponDefinition {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      code: { type: 'string' },
      percent: { type: 'string' },
      amount: { type: 'string' },
      min: { type: 'string' },
      starts: { type: 'string' },
      ends: { type: 'string' },
      'max-uses': { type: 'string' },
      'max-uses-per-user': { type: 'string' },
      description: { type: 'string' },
    },
  });
  if (!values.code) throw new Error('--code is required');
  if ((values.percent === undefined) === (values.amount === undefined)) throw new Error('Give either --percent or --amount');
  return {
    code: values.code,
    kind: values.percent !== undefined ? 'percent' : 'amount',
    percentOff: whole(values.percent, 'percent'),
    amountOffMinor: values.amount !== undefined ? parseAmounts(values.amount, 'amount') : undefined,
    minimumOrderMinor: values.min !== undefined ? parseAmounts(values.min, 'min') : {},
    startsAt: day(values.starts, 'starts'),
    // An end given as a day means "through that day".
    endsAt: values.ends && /^\d{4}-\d{2}-\d{2}$/.test(values.ends) ? new Date(day(values.ends, 'ends')!.getTime() + 86_400_000) : day(values.ends, 'ends'),
    maxUses: whole(values['max-uses'], 'max-uses'),
    maxUsesPerUser: whole(values['max-uses-per-user'], 'max-uses-per-user'),
    description: values.description ?? '',
  };
}
