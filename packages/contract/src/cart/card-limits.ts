import type { Currency } from '../money/currencies.ts';

/**
 * What the card provider (Stripe) accepts for one charge, in integer minor units per currency.
 * Zod-free, so the web can show the same rule without loading schemas.
 *
 * Source: Stripe, "Supported currencies — Minimum and maximum charge amounts"
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts):
 *   USD 0.50, CAD 0.50, GBP 0.30, EUR 0.50, INR 0.50, JPY 50.
 *   CNY is not in that table; Stripe's rule for other currencies is "the equivalent of 0.50 USD",
 *   which at about 7.2 CNY per USD is 3.60 — we use 4.00, rounded up so no charge is refused.
 *   Maximum: "The amount value supports up to eight digits (e.g. 99999999 for a USD charge of
 *   $999,999.99)", the same digit limit for every currency.
 */
export const CARD_CHARGE_MIN_MINOR: Record<Currency, number> = {
  USD: 50,
  CAD: 50,
  GBP: 30,
  EUR: 50,
  INR: 50,
  JPY: 50,
  CNY: 400,
};

export const CARD_CHARGE_MAX_MINOR = 99_999_999;

/** Whether a card payment of this amount can be taken at all (spec §3 orderTotalWithinStripeRange). */
export function isWithinCardRange(amountMinor: number, currency: Currency): boolean {
  return amountMinor >= CARD_CHARGE_MIN_MINOR[currency] && amountMinor <= CARD_CHARGE_MAX_MINOR;
}
