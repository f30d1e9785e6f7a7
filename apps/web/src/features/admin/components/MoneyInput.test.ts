import { describe, expect, it } from 'vitest';
import { inMajorUnits, parseMajorText } from './MoneyInput.tsx';

describe('parseMajorText', () => {
  it('turns typed major units into exact minor units', () => {
    expect(parseMajorText('12.5', 'USD')).toBe(1250);
    expect(parseMajorText(' 1,234.56 ', 'EUR')).toBe(123456);
    expect(parseMajorText('0.07', 'GBP')).toBe(7);
    expect(parseMajorText('1500', 'JPY')).toBe(1500);
    expect(parseMajorText('', 'USD')).toBeNull();
  });

  it('refuses what is not a price instead of rounding it', () => {
    for (const [text, currency] of [['1.005', 'USD'], ['10.5', 'JPY'], ['-3', 'USD'], ['1e3', 'USD'], ['abc', 'CAD'], ['1.2.3', 'EUR']] as const) {
      expect(parseMajorText(text, currency), `${text} ${currency}`).toBeNaN();
    }
  });
});

describe('inMajorUnits', () => {
  it('says the contract’s minor-unit rules in the units the field takes', () => {
    expect(inMajorUnits('The price is a whole number of minor units (cents)', 'USD')).toBe('Enter an amount such as 12.50 (at most 2 decimals)');
    expect(inMajorUnits('The price is a whole number of minor units (cents)', 'JPY')).toBe('Enter a whole amount of JPY, such as 1500');
    expect(inMajorUnits('The price must be at least 1', 'EUR')).toBe('The price must be at least 0.01 EUR');
    expect(inMajorUnits('The old price is at most 99999999', 'GBP')).toBe('The old price is at most 999999.99 GBP');
    expect(inMajorUnits('The old price must be higher than the price', 'USD')).toBe('The old price must be higher than the price');
    expect(inMajorUnits(undefined, 'USD')).toBeUndefined();
  });
});
