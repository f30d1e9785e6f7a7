import { beforeEach, describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '../../lib/cookies.ts';
import { clearAllCookies } from '../../test/render.tsx';
import { getDisplayCurrency, setDisplayCurrency } from './currency-store.ts';
import { presetCurrencyOnFirstVisit } from './first-visit.ts';

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  setDisplayCurrency('USD');
  clearAllCookies();
  localStorage.clear();
});

describe('the first-visit currency', () => {
  it('comes from the time zone and is marked as preset with COUNTRY_SET', () => {
    expect(presetCurrencyOnFirstVisit('Europe/Berlin')).toBe('EUR');
    expect(getDisplayCurrency()).toBe('EUR');
    expect(getCookie('COUNTRY_SET')).toBe('1');
    // Only once: a later visit from another zone keeps what was set.
    expect(presetCurrencyOnFirstVisit('Asia/Tokyo')).toBeNull();
    expect(getDisplayCurrency()).toBe('EUR');
  });

  it("never overrides a currency the visitor chose", () => {
    setDisplayCurrency('GBP');
    expect(presetCurrencyOnFirstVisit('Asia/Tokyo')).toBeNull();
    expect(getDisplayCurrency()).toBe('GBP');
  });

  it('leaves the default for zones without a currency, and does not ask again', () => {
    expect(presetCurrencyOnFirstVisit('Australia/Sydney')).toBeNull();
    expect(getDisplayCurrency()).toBe('USD');
    expect(getCookie('COUNTRY_SET')).toBe('1');
    setCookie('COUNTRY_SET', '1');
    expect(presetCurrencyOnFirstVisit('Asia/Kolkata')).toBeNull();
  });
});
