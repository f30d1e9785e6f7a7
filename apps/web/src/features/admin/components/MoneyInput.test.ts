import { describe, expect, it } from 'vitest';
import { parseMajorText } from './MoneyInput.tsx';

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
