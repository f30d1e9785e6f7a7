import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, json } from './helper.ts';
import { bearer, registerVerified } from './auth-helpers.ts';

const address = { firstName: 'Ada', lastName: 'Green', line1: '1 Leaf Lane', city: 'Leeds', postalCode: 'LS1 1AA', country: 'gb' };

describe('profile, addresses and currency', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const me = async (token: string) => json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) }));

  it('stores the billing address and takes its currency at level 1', async () => {
    const { token } = await registerVerified(app);
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/addresses', headers: bearer(token), payload: { billingAddress: address } });
    expect(response.statusCode).toBe(200);
    const profile = await me(token);
    expect(profile.billingAddress).toMatchObject({ ...address, country: 'GB' });
    expect(profile.addressCountry).toBe('GB');
    expect(profile.temporaryCheckoutCurrency).toBe('GBP');
    expect(profile.currencyLevel).toBe(1);
  });

  it('refuses an incomplete address or an unknown country with field messages', async () => {
    const { token } = await registerVerified(app);
    const missing = await app.inject({ method: 'PATCH', url: '/api/v1/addresses', headers: bearer(token), payload: { billingAddress: { ...address, city: '' } } });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).fields['billingAddress.city']).toEqual(['Enter your city']);
    const unknown = await app.inject({ method: 'PATCH', url: '/api/v1/addresses', headers: bearer(token), payload: { billingAddress: { ...address, country: 'QQ' } } });
    expect(unknown.statusCode).toBe(400);
    expect((await me(token)).billingAddress).toBeNull();
  });

  it('saves profile info; a selected country sets the currency at level 2', async () => {
    const { token } = await registerVerified(app);
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/save-profile-info', headers: bearer(token), payload: { firstName: 'Grace', phone: '+44 20 7946 0000', selectedCountry: 'JP' } });
    expect(response.statusCode).toBe(200);
    const profile = await me(token);
    expect(profile.data).toMatchObject({ firstName: 'Grace', phone: '+44 20 7946 0000' });
    expect(profile.selectedCountry).toBe('JP');
    expect(profile.temporaryCheckoutCurrency).toBe('JPY');
    // An address country (level 1) no longer overrides the selected country (level 2).
    await app.inject({ method: 'PATCH', url: '/api/v1/addresses', headers: bearer(token), payload: { billingAddress: address } });
    expect((await me(token)).temporaryCheckoutCurrency).toBe('JPY');
    const empty = await app.inject({ method: 'PATCH', url: '/api/v1/save-profile-info', headers: bearer(token), payload: {} });
    expect(empty.statusCode).toBe(400);
    const script = await app.inject({ method: 'PATCH', url: '/api/v1/save-profile-info', headers: bearer(token), payload: { firstName: '<script>' } });
    expect(script.statusCode).toBe(400);
    const nul = await app.inject({ method: 'PATCH', url: '/api/v1/save-profile-info', headers: bearer(token), payload: { firstName: 'Gr\u0000ace' } });
    expect(nul.statusCode).toBe(400);
    expect(json(nul).fields.firstName).toEqual(['Your first name cannot contain control characters']);
    expect((await me(token)).data.firstName).toBe('Grace');
  });

  it('changes the currency only at an equal or stronger level', async () => {
    const { token } = await registerVerified(app);
    const set = (currency: string, level: number) => app.inject({ method: 'POST', url: '/api/auth/set-currency', headers: bearer(token), payload: { currency, level } });
    expect(json(await set('EUR', 2)).data).toEqual({ currency: 'EUR', level: 2, changed: true });
    expect(json(await set('INR', 1)).data).toEqual({ currency: 'EUR', level: 2, changed: false });
    expect(json(await set('CAD', 3)).data).toEqual({ currency: 'CAD', level: 3, changed: true });
    expect((await me(token)).checkoutDefaultCurrency).toBe('CAD');
    expect((await set('CHF', 3)).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/auth/set-currency', payload: { currency: 'EUR' } })).statusCode).toBe(401);
  });

  it('guesses a currency without any outside service', async () => {
    const fromLanguage = json(await app.inject({ method: 'GET', url: '/api/v1/ip-stack', headers: { 'accept-language': 'en-GB,en;q=0.9' } }));
    expect(fromLanguage.currency.code).toBe('GBP');
    // The proxy's country header counts only with TRUST_PROXY (security-sessions.test.ts).
    const unsupported = json(await app.inject({ method: 'GET', url: '/api/v1/ip-stack', headers: { 'accept-language': 'de-CH' } }));
    expect(unsupported.currency.code).toBe('USD');
  });
});
