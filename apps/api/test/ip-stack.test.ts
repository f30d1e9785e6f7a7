import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { countryOfIp } from '../src/modules/auth/ip-country.ts';
import { createTestApp, json } from './helper.ts';

let app: FastifyInstance;
let proxied: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  proxied = await createTestApp({ seed: false, env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await app.close();
  await proxied.close();
});

const ipStack = async (server: FastifyInstance, options: { remoteAddress?: string; headers?: Record<string, string> }) =>
  json(await server.inject({ method: 'GET', url: '/api/v1/ip-stack', ...options }));

describe('the currency of a visitor by IP address (offline GeoLite2 data)', () => {
  it('knows the country of public addresses, IPv4 and IPv6, and nothing of private ones', () => {
    expect(countryOfIp('8.8.8.8')).toBe('US');
    expect(countryOfIp('81.2.69.142')).toBe('GB');
    expect(countryOfIp('133.11.0.1')).toBe('JP');
    expect(countryOfIp('2a03:2880:f10c:83:face:b00c:0:25de')).toMatch(/^[A-Z]{2}$/);
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '::1', 'not an ip', '', undefined]) expect(countryOfIp(ip)).toBeNull();
  });

  it("answers the currency of the caller's address", async () => {
    expect((await ipStack(app, { remoteAddress: '133.11.0.1' })).data).toEqual({ countryCode: 'JP', currency: { code: 'JPY' } });
    expect((await ipStack(app, { remoteAddress: '81.2.69.142' })).currency).toEqual({ code: 'GBP' });
    expect((await ipStack(app, { remoteAddress: '49.44.0.1' })).currency).toEqual({ code: 'INR' });
  });

  it('prefers the address to the browser language, and falls back to the language, then USD', async () => {
    expect((await ipStack(app, { remoteAddress: '8.8.8.8', headers: { 'accept-language': 'en-GB' } })).currency).toEqual({ code: 'USD' });
    expect((await ipStack(app, { remoteAddress: '127.0.0.1', headers: { 'accept-language': 'en-GB' } })).currency).toEqual({ code: 'GBP' });
    expect((await ipStack(app, { remoteAddress: '127.0.0.1' })).data).toEqual({ countryCode: null, currency: { code: 'USD' } });
  });

  it('reads X-Forwarded-For only behind a trusted proxy', async () => {
    const forwarded = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '133.11.0.1' } };
    expect((await ipStack(app, forwarded)).currency).toEqual({ code: 'USD' });
    expect((await ipStack(proxied, forwarded)).currency).toEqual({ code: 'JPY' });
  });
});
