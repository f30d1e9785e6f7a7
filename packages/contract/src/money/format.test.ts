import { describe, expect, it } from 'vitest';
import { formatPrice, majorToMinor, minorToMajor, stripCurrencySymbol } from './format.ts';
import { CURRENCY_EXPONENT, SUPPORTED_CURRENCIES, isSupportedCurrency, shouldChangeCurrency } from './currencies.ts';

describe('price formatting (spec §2.6)', () => {
  it('shows two decimals and the currency code instead of the symbol', () => {
    expect(formatPrice(12.5, 'USD')).toBe('12.50 USD');
    expect(formatPrice(0, 'EUR')).toBe('0.00 EUR');
    expect(formatPrice(1500, 'JPY')).toBe('1,500.00 JPY');
    expect(formatPrice(1234567.891, 'INR')).toBe('1,234,567.89 INR');
  });

  it('rounds to two decimals and keeps the sign', () => {
    expect(formatPrice(9.999, 'GBP')).toBe('10.00 GBP');
    expect(formatPrice(-3.5, 'CAD')).toBe('-3.50 CAD');
    expect(formatPrice(-0.001, 'CAD')).toBe('0.00 CAD');
  });

  it('strips a currency symbol from a price text', () => {
    expect(stripCurrencySymbol('$12.50')).toBe('12.50');
    expect(stripCurrencySymbol('CA$1,200.00')).toBe('1,200.00');
  });
});

describe('minor units', () => {
  it('converts both ways at each currency exponent', () => {
    expect(minorToMajor(1999, 'USD')).toBe(19.99);
    expect(minorToMajor(1999, 'JPY')).toBe(1999);
    expect(majorToMinor(19.99, 'USD')).toBe(1999);
    expect(majorToMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(majorToMinor(1999.6, 'JPY')).toBe(2000);
    expect(majorToMinor(-2.005, 'GBP')).toBe(-201);
  });

  it('round-trips every amount of every supported currency', () => {
    for (const currency of SUPPORTED_CURRENCIES) {
      for (const minor of [0, 1, 99, 100, 12345, 999999]) expect(majorToMinor(minorToMajor(minor, currency), currency)).toBe(minor);
    }
    expect(CURRENCY_EXPONENT.JPY).toBe(0);
  });
});

describe('currencies', () => {
  it('supports exactly the seven currencies of spec §9', () => {
    expect([...SUPPORTED_CURRENCIES]).toEqual(['USD', 'CAD', 'GBP', 'EUR', 'INR', 'JPY', 'CNY']);
    expect(isSupportedCurrency('GBP')).toBe(true);
    expect(isSupportedCurrency('CHF')).toBe(false);
    expect(isSupportedCurrency(undefined)).toBe(false);
  });

  it('changes a currency only at an equal or stronger level (spec §4)', () => {
    expect(shouldChangeCurrency(1, 2)).toBe(true);
    expect(shouldChangeCurrency(2, 2)).toBe(true);
    expect(shouldChangeCurrency(3, 2)).toBe(false);
    expect(shouldChangeCurrency(0, 0)).toBe(true);
  });
});
