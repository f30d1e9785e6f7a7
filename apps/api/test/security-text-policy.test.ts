import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './helper.ts';
import { bearer, register, registerVerified } from './auth-helpers.ts';

/** Issue 6, item 5: one text policy on every free-text field, enforced by the server. */
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
  token = (await registerVerified(app)).token;
});
afterAll(async () => {
  await app.close();
});

const address = { firstName: 'Ada', lastName: 'Green', line1: '1 Green Road', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' };
const saveAddress = (patch: Record<string, string>) =>
  app.inject({ method: 'PATCH', url: '/api/v1/addresses', headers: bearer(token), payload: { billingAddress: { ...address, ...patch } } });
const saveProfile = (payload: Record<string, string>) => app.inject({ method: 'PATCH', url: '/api/v1/save-profile-info', headers: bearer(token), payload });

describe('free-text fields (issue 6.5)', () => {
  it('refuses names made only of invisible or direction-override characters', async () => {
    const { response } = await register(app, { firstName: '\u202e\u200b\ufeff' });
    expect(response.statusCode).toBe(400);
    expect(json(response).fields.firstName).toContain('Your first name cannot contain text-direction control characters');
    const invisible = await saveProfile({ lastName: '\u200b\ufeff\u2800' });
    expect(invisible.statusCode).toBe(400);
    expect(json(invisible).fields.lastName).toEqual(['Your last name must contain visible characters, not only blank or invisible ones']);
  });

  it('refuses a lone surrogate with a 400 naming the field, instead of storing U+FFFD', async () => {
    const { response } = await register(app, { firstName: '\ud800' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Please check firstName: Your first name contains a broken character (a lone surrogate); please type it again');
    const city = await saveAddress({ city: 'Lee\udc00ds' });
    expect(city.statusCode).toBe(400);
    expect(Object.keys(json(city).fields)).toEqual(['billingAddress.city']);
  });

  it('refuses markup in address fields as in names', async () => {
    const response = await saveAddress({ line1: '<script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(json(response).fields['billingAddress.line1']).toEqual(['Your street address cannot contain < or >']);
  });

  it('stores names and addresses normalised to NFC', async () => {
    expect((await saveProfile({ firstName: 'Jose\u0301' })).statusCode).toBe(200);
    expect((await saveAddress({ city: 'Zu\u0308rich' })).statusCode).toBe(200);
    const me = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) }));
    expect(me.data.firstName).toBe('Jos\u00e9');
    expect(me.billingAddress.city).toBe('Z\u00fcrich');
  });
});
