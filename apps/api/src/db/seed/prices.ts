import { CURRENCY_EXPONENT, SUPPORTED_CURRENCIES, type Currency } from '@app/contract';

/**
 * Fixed, approximate units of each currency per US dollar. Catalog prices are set by hand in
 * dollars and published in every currency at shelf-price points, so they must not drift with
 * live exchange rates between restarts.
 */
export const USD_RATES: Record<Currency, number> = {
  USD: 1,
  CAD: 1.38,
  GBP: 0.79,
  EUR: 0.92,
  INR: 84,
  JPY: 150,
  CNY: 7.2,
};

export interface SeedPrice {
  currency: Currency;
  priceMinor: number;
  oldPriceMinor: number | null;
}

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/**
 * Rounds a converted amount (major units) to a price a shop would print. A dollar price ending
 * in .99 is a retail price and keeps that style elsewhere (29.99, ₹2,499, ¥4,480); any other is
 * quoted in whole units (per-tonne credits), coarser as the amount grows.
 */
export function shelfPrice(amount: number, currency: Currency, charm: boolean): number {
  if (currency === 'JPY') {
    if (amount < 1000) return charm ? roundTo(amount, 10) - 1 : roundTo(amount, 10);
    return charm ? roundTo(amount, 100) - 20 : roundTo(amount, 100);
  }
  if (currency === 'INR') {
    if (amount < 1000) return charm ? roundTo(amount, 10) - 1 : roundTo(amount, 10);
    return charm ? roundTo(amount, 100) - 1 : roundTo(amount, 50);
  }
  if (charm) return amount < 100 ? roundTo(amount, 1) - 0.01 : roundTo(amount, 5) - 0.01;
  if (amount < 100) return roundTo(amount, 1);
  return amount < 1000 ? roundTo(amount, 5) : roundTo(amount, 10);
}

function toMinor(amount: number, currency: Currency): number {
  return Math.round(amount * 10 ** CURRENCY_EXPONENT[currency]);
}

/** One price row per supported currency, in integer minor units. */
export function priceList(usd: number, usdWas?: number): SeedPrice[] {
  const charm = Math.round(usd * 100) % 100 === 99;
  return SUPPORTED_CURRENCIES.map((currency) => {
    const price = currency === 'USD' ? usd : shelfPrice(usd * USD_RATES[currency], currency, charm);
    const was = usdWas === undefined ? null : currency === 'USD' ? usdWas : shelfPrice(usdWas * USD_RATES[currency], currency, charm);
    const priceMinor = toMinor(price, currency);
    const oldPriceMinor = was === null ? null : toMinor(was, currency);
    // A sale whose "was" price rounds onto the price would read as a fake discount.
    if (oldPriceMinor !== null && oldPriceMinor <= priceMinor) {
      throw new Error(`Sale price ${usd} (was ${usdWas}) USD does not stay a discount in ${currency}`);
    }
    return { currency, priceMinor, oldPriceMinor };
  });
}
