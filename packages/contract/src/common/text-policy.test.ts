import { describe, expect, it } from 'vitest';
import { addressSchema, registerBodySchema, saveProfileBodySchema } from '../index.ts';
import { hasVisibleCharacters, lookupField, textField } from './text-policy.ts';

const city = textField({ label: 'city', max: 20, required: true });
const optional = textField({ label: 'address line 2', max: 20 });
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the free-text field policy', () => {
  it('normalises to NFC and trims', () => {
    const decomposed = 'Zu\u0308rich'; // u + combining diaeresis
    expect(city.parse(`  ${decomposed} `)).toBe('Zürich');
    expect(city.parse(`  ${decomposed} `)).toBe('Z\u00fcrich');
  });

  it('keeps ordinary international text', () => {
    for (const value of ['Łódź', '東京', 'São Paulo', "O'Brien-Smith", 'Ñandú', 'مصر', '👩‍🌾 Farm']) expect(city.safeParse(value).success).toBe(true);
  });

  it('refuses a lone surrogate and says which field', () => {
    for (const value of ['\ud800', 'a\udc00b', 'x\ud83d']) {
      const result = city.safeParse(value);
      expect(result.success).toBe(false);
      expect(messageOf(result)).toBe('Your city contains a broken character (a lone surrogate); please type it again');
    }
    expect(city.safeParse('\ud83d\ude00').success).toBe(true); // a proper pair (😀)
  });

  it('refuses control characters, C1 included', () => {
    for (const value of ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b']) expect(messageOf(city.safeParse(value))).toBe('Your city cannot contain control characters');
  });

  it('refuses bidirectional overrides, embeddings and isolates', () => {
    for (const value of ['abc\u202edef', 'a\u202ab', 'a\u2066b\u2069']) expect(messageOf(city.safeParse(value))).toBe('Your city cannot contain text-direction control characters');
  });

  it('refuses < and >', () => {
    expect(messageOf(city.safeParse('<script>'))).toBe('Your city cannot contain < or >');
  });

  it('refuses text made only of invisible characters, and empty required text', () => {
    for (const value of ['\u200b\ufeff', '\u2800', '\u3164\u200d', '\u00a0\u200c']) {
      expect(messageOf(city.safeParse(value))).toBe('Your city must contain visible characters, not only blank or invisible ones');
    }
    expect(messageOf(city.safeParse('   '))).toBe('Enter your city');
    expect(optional.safeParse('').success).toBe(true);
    expect(optional.safeParse('\u200b').success).toBe(false);
    expect(hasVisibleCharacters('a\u200b')).toBe(true);
  });

  it('is the policy of the names and address fields of the account schemas', () => {
    const address = { firstName: 'Ada', lastName: 'Green', line1: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'GB' };
    expect(addressSchema.safeParse({ ...address, line1: '<script>alert(1)</script>' }).success).toBe(false);
    expect(addressSchema.safeParse({ ...address, city: '\ud800' }).error?.issues[0]?.path).toEqual(['city']);
    expect(addressSchema.safeParse({ ...address, state: '\u202e\u200b' }).success).toBe(false);
    expect(saveProfileBodySchema.safeParse({ firstName: '\u202e\u200b\ufeff' }).success).toBe(false);
    const register = { lastName: 'Green', email: 'ada@example.com', password: 'Green-planet-42' };
    const refused = registerBodySchema.safeParse({ ...register, firstName: '\ud800' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['firstName'], message: 'Your first name contains a broken character (a lone surrogate); please type it again' });
    expect(registerBodySchema.parse({ ...register, firstName: 'Jose\u0301' }).firstName).toBe('José');
  });
});

describe('lookupField', () => {
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('trims, lowercases when asked, and names the field in each refusal', () => {
    const slug = lookupField('an address name', 10, { lowercase: true });
    expect(slug.parse('  Green-Co ')).toBe('green-co');
    expect(message(slug.safeParse('   '))).toBe('Give an address name');
    expect(message(slug.safeParse('a'.repeat(11)))).toBe('An address name has at most 10 characters');
    expect(message(slug.safeParse('green\u0000co'))).toBe('An address name cannot contain control characters');
    expect(message(slug.safeParse('green\uD800co'))).toBe('An address name cannot contain control characters');
    expect(lookupField('a business name', 120).parse(' Acme Ltd ')).toBe('Acme Ltd');
  });
});
