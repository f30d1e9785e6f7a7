import { describe, expect, it } from 'vitest';
import { CURRENCY_CONDITION_MISSING, currencyOfCountry, currencyOfTimeZone } from './derivation.ts';

describe('currency of a country (spec §4)', () => {
  it('takes the country record currency when the shop supports it', () => {
    for (const code of ['USD', 'CAD', 'GBP', 'EUR', 'INR', 'JPY', 'CNY']) {
      expect(currencyOfCountry(code, 'optional')).toBe(code);
      expect(currencyOfCountry(code, 'required')).toBe(code);
    }
    expect(currencyOfCountry(' eur ', 'required')).toBe('EUR');
  });

  it('falls back to USD when optional and to empty when required', () => {
    for (const code of ['CHF', 'AUD', '', null, undefined, 'not a code']) {
      expect(currencyOfCountry(code, 'optional')).toBe('USD');
      expect(currencyOfCountry(code, 'required')).toBe('');
    }
  });

  it("says 'Currency condition must be provided' without a condition", () => {
    expect(() => currencyOfCountry('EUR')).toThrow(CURRENCY_CONDITION_MISSING);
    expect(() => currencyOfCountry('EUR', 'sometimes' as never)).toThrow('Currency condition must be provided');
  });
});

describe('currency of a time zone (spec §4)', () => {
  const families: Record<string, string[]> = {
    USD: ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix', 'America/Anchorage', 'Pacific/Honolulu', 'America/Indiana/Indianapolis', 'America/Kentucky/Louisville', 'America/North_Dakota/Center', 'America/Detroit', 'America/Boise', 'US/Eastern', 'US/Pacific'],
    CAD: ['America/Toronto', 'America/Vancouver', 'America/Edmonton', 'America/Winnipeg', 'America/Halifax', 'America/St_Johns', 'America/Regina', 'America/Whitehorse', 'America/Iqaluit', 'Canada/Eastern'],
    GBP: ['Europe/London', 'Europe/Belfast', 'Europe/Guernsey', 'Europe/Jersey', 'Europe/Isle_of_Man', 'GB'],
    EUR: ['Europe/Paris', 'Europe/Berlin', 'Europe/Madrid', 'Europe/Rome', 'Europe/Amsterdam', 'Europe/Dublin', 'Europe/Lisbon', 'Europe/Vienna', 'Europe/Helsinki', 'Europe/Athens'],
    INR: ['Asia/Kolkata', 'Asia/Calcutta'],
    JPY: ['Asia/Tokyo', 'Japan'],
    CNY: ['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Urumqi', 'PRC'],
  };
  for (const [currency, zones] of Object.entries(families)) {
    it(`maps the ${currency} zones`, () => {
      for (const zone of zones) expect(currencyOfTimeZone(zone), zone).toBe(currency);
    });
  }

  it('has no currency for other zones or junk', () => {
    for (const zone of ['Australia/Sydney', 'America/Sao_Paulo', 'America/Mexico_City', 'Asia/Singapore', 'Asia/Hong_Kong', 'Africa/Lagos', 'UTC', 'Etc/GMT+5', '', 'Europe/', 'europe/paris', 'Europe/Paris/../x', 'x'.repeat(100), null, undefined]) {
      expect(currencyOfTimeZone(zone as string), String(zone)).toBeNull();
    }
  });
});
