import { CURRENCY_STRENGTH, DEFAULT_CURRENCY, isSupportedCurrency, type Address, type Currency, type CurrencyStrength } from '@app/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from './auth.context.ts';
import type { UserRow } from './auth.repository.ts';
import { applyCurrencyChoice, currencyForCountry } from './currency.ts';
import { countryOfIp } from './ip-country.ts';
import { effectiveCurrency } from './session.ts';


/** GET /v1/me: the fields spec §7 lists. */
export function me(user: UserRow) {
  return {
    success: true as const,
    data: {
      _id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      recoveryEmail: user.recoveryEmail,
      emailVerified: Boolean(user.emailVerifiedAt),
      createdAt: user.createdAt.toISOString(),
    },
    billingAddress: (user.billingAddress as Address | null) ?? null,
    slug: user.slug,
    addressCountry: user.addressCountry,
    selectedCountry: user.selectedCountry,
    checkoutDefaultCurrency: (isSupportedCurrency(user.checkoutDefaultCurrency) ? user.checkoutDefaultCurrency : DEFAULT_CURRENCY) as Currency,
    temporaryCheckoutCurrency: effectiveCurrency(user),
    currencyLevel: user.currencyStrength as CurrencyStrength,
    email: user.email,
  };
}

export async function setCurrency(ctx: AuthContext, user: UserRow, currency: Currency, level: CurrencyStrength) {
  const updated = await applyCurrencyChoice(ctx.repo, user, { currency, level });
  const changed = effectiveCurrency(updated) === currency && updated.currencyStrength === level;
  return {
    success: true as const,
    message: changed ? `Your currency is now ${currency}` : `Your currency stays ${effectiveCurrency(updated)}: it was set by a stronger preference`,
    data: { currency: effectiveCurrency(updated), level: updated.currencyStrength as CurrencyStrength, changed },
  };
}

async function assertKnownCountry(ctx: AuthContext, code: string, field: string) {
  if (!(await ctx.repo.countryExists(code))) {
    throw new AppError('VALIDATION_FAILED', `We do not know the country code ${code}`, { fields: { [field]: [`We do not know the country code ${code}`] } });
  }
}

/** Saves the billing address; its country may set the currency at level 1 (address country). */
export async function saveAddress(ctx: AuthContext, userId: string, address: Address) {
  await assertKnownCountry(ctx, address.country, 'billingAddress.country');
  let user = await ctx.repo.updateUser(userId, { billingAddress: address as unknown as Record<string, string>, addressCountry: address.country });
  const currency = await currencyForCountry(ctx.repo, address.country);
  if (currency) user = await applyCurrencyChoice(ctx.repo, user, { currency, level: CURRENCY_STRENGTH.addressCountry });
  return { success: true as const, message: 'Your address has been saved', data: { billingAddress: address, addressCountry: user.addressCountry, currency: effectiveCurrency(user) } };
}

/** Saves names, phone and selected country; a selected country may set the currency at level 2. */
export async function saveProfile(
  ctx: AuthContext,
  userId: string,
  body: { firstName?: string; lastName?: string; phone?: string | null; selectedCountry?: string | null },
) {
  if (body.selectedCountry) await assertKnownCountry(ctx, body.selectedCountry, 'selectedCountry');
  const patch: Partial<UserRow> = {};
  if (body.firstName !== undefined) patch.firstName = body.firstName;
  if (body.lastName !== undefined) patch.lastName = body.lastName;
  if (body.phone !== undefined) patch.phone = body.phone;
  if (body.selectedCountry !== undefined) patch.selectedCountry = body.selectedCountry;
  let user = await ctx.repo.updateUser(userId, patch);
  if (body.selectedCountry) {
    const currency = await currencyForCountry(ctx.repo, body.selectedCountry);
    if (currency) user = await applyCurrencyChoice(ctx.repo, user, { currency, level: CURRENCY_STRENGTH.selectedCountry });
  }
  return {
    success: true as const,
    message: 'Your profile has been saved',
    data: { firstName: user.firstName, lastName: user.lastName, phone: user.phone, selectedCountry: user.selectedCountry, currency: effectiveCurrency(user) },
  };
}

/**
 * The visitor's currency, without any outside service: a country header set by a CDN or proxy in
 * front of us (only with TRUST_PROXY: without a proxy that overwrites them, any client can send
 * them), else the country of the client's IP address in the offline GeoLite2 database
 * (ip-country.ts; behind a proxy the address comes from X-Forwarded-For only with TRUST_PROXY),
 * else the region of the browser's preferred language (en-GB → GB); USD when none gives a
 * supported currency (spec §4: the optional fallback).
 */
export async function ipStack(ctx: AuthContext, headers: Record<string, string | string[] | undefined>, ip?: string) {
  const proxyHeaders = ctx.trustProxy ? [headers['cf-ipcountry'], headers['x-country-code']] : [];
  const fromProxy = proxyHeaders.find((v): v is string => typeof v === 'string' && /^[A-Za-z]{2}$/.test(v));
  const language = typeof headers['accept-language'] === 'string' ? headers['accept-language'] : '';
  const fromLanguage = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(language.split(',')[0]?.trim() ?? '')?.[1];
  const countryCode = (fromProxy ?? countryOfIp(ip) ?? fromLanguage)?.toUpperCase() ?? null;
  const currency = (countryCode && (await currencyForCountry(ctx.repo, countryCode))) || DEFAULT_CURRENCY;
  return { success: true as const, data: { countryCode, currency: { code: currency } }, currency: { code: currency } };
}

const PERIOD_LOOKBACK_DAYS = { day: 30, week: 7 * 12, month: 365, year: 365 * 5 } as const;

/**
 * The deep link of spec §4 Referral: the shop's address with the referrer's id as `RID`, which the
 * web stores on arrival (spec §3 stored keys) and uses at sign-up and at the order (referalUserId).
 */
export function referralLink(ctx: AuthContext, user: UserRow | undefined) {
  const url = user ? `${ctx.publicUrl}/?RID=${encodeURIComponent(user.id)}` : `${ctx.publicUrl}/`;
  return { success: true as const, url, data: { url } };
}

export async function referralStats(ctx: AuthContext, userId: string, periodType: keyof typeof PERIOD_LOOKBACK_DAYS) {
  const since = new Date(ctx.now().getTime() - PERIOD_LOOKBACK_DAYS[periodType] * 86_400_000);
  const [series, total] = await Promise.all([ctx.repo.referralsByPeriod(userId, periodType, since), ctx.repo.countReferrals(userId)]);
  return { success: true as const, data: { periodType, totalReferrals: total, series } };
}

export async function referralEarningStats(ctx: AuthContext, userId: string, periodType: keyof typeof PERIOD_LOOKBACK_DAYS) {
  const since = new Date(ctx.now().getTime() - PERIOD_LOOKBACK_DAYS[periodType] * 86_400_000);
  const rows = await ctx.repo.earningsByPeriod(userId, periodType, since);
  const totals: Record<string, number> = {};
  let paidOrders = 0;
  for (const row of rows) {
    totals[row.currency] = (totals[row.currency] ?? 0) + row.amountMinor;
    paidOrders += row.orders;
  }
  return { success: true as const, data: { periodType, totalsMinor: totals, paidOrders, series: rows } };
}

