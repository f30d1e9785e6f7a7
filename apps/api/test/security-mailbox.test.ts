import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './helper.ts';
import { register } from './auth-helpers.ts';

/** Issue 6, item 2: the development mailbox answers only the machine itself. */
const OUTSIDER = '203.0.113.7';

let app: FastifyInstance;
let proxied: FastifyInstance;
let mailId: string;
beforeAll(async () => {
  app = await createTestApp({ seed: false, env: { NODE_ENV: 'development' } });
  proxied = await createTestApp({ seed: false, env: { NODE_ENV: 'development', TRUST_PROXY: 'true' } });
  const { email } = await register(app);
  await app.mail.flush();
  mailId = json(await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).data[0]._id;
});
afterAll(async () => {
  await app.close();
  await proxied.close();
});

const paths = () => ['/api/dev/outbox', '/dev/mailbox', `/dev/mailbox/${mailId}`];

describe('development mailbox (issue 6.2)', () => {
  it('answers requests from this machine (loopback, IPv4 and IPv6)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const url of paths()) expect((await app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200);
    }
  });

  it('answers anyone else with a plain 404, as if it did not exist', async () => {
    const unknownRoute = await app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: OUTSIDER });
    for (const url of paths()) {
      const response = await app.inject({ method: 'GET', url, remoteAddress: OUTSIDER });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Development mailbox');
      expect(response.body).not.toContain('Your code');
      if (url.startsWith('/api/')) expect(json(response).code).toBe(json(unknownRoute).code);
    }
  });

  it('is not fooled by forwarding headers, with TRUST_PROXY on or off', async () => {
    const spoofed = { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1', 'x-real-ip': '127.0.0.1', host: 'localhost' };
    for (const server of [app, proxied]) {
      for (const url of paths()) expect((await server.inject({ method: 'GET', url, remoteAddress: OUTSIDER, headers: spoofed })).statusCode).toBe(404);
    }
  });

  it('refuses what a proxy on this machine relays from elsewhere', async () => {
    for (const url of paths()) {
      expect((await proxied.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': OUTSIDER } })).statusCode).toBe(404);
    }
  });

  it('does not exist with SMTP_URL set or in production, even from this machine', async () => {
    const settings: Record<string, string>[] = [{ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }, { NODE_ENV: 'production' }];
    for (const env of settings) {
      const server = await createTestApp({ seed: false, env });
      for (const url of ['/api/dev/outbox', '/dev/mailbox']) {
        const response = await server.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Development mailbox');
      }
      await server.close();
    }
  });
});
