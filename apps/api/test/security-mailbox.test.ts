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

/**
 * "As if it did not exist": the same status and content type as a made-up path of the same kind
 * (the API's 404 envelope, or the web app's page when it is built), and none of the mail.
 */
async function expectAbsent(server: FastifyInstance, url: string, options: { remoteAddress: string; headers?: Record<string, string> }) {
  const response = await server.inject({ method: 'GET', url, ...options });
  const madeUp = await server.inject({ method: 'GET', url: url.startsWith('/api/') ? '/api/dev/no-such-thing' : '/dev/no-such-page', ...options });
  expect(response.statusCode, url).toBe(madeUp.statusCode);
  expect(response.headers['content-type']).toBe(madeUp.headers['content-type']);
  if (url.startsWith('/api/')) expect(response.statusCode).toBe(404);
  for (const secret of ['Development mailbox', 'Your code', 'Verify email', 'tk=']) expect(response.body).not.toContain(secret);
}

describe('development mailbox (issue 6.2)', () => {
  it('answers requests from this machine (loopback, IPv4 and IPv6)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const url of paths()) {
        const response = await app.inject({ method: 'GET', url, remoteAddress });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(url === '/api/dev/outbox' ? 'Your code' : 'Verify');
      }
    }
  });

  it('answers anyone else as if it did not exist', async () => {
    for (const url of paths()) await expectAbsent(app, url, { remoteAddress: OUTSIDER });
  });

  it('is not fooled by forwarding headers, with TRUST_PROXY on or off', async () => {
    const headers = { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1', 'x-real-ip': '127.0.0.1', host: 'localhost' };
    for (const server of [app, proxied]) {
      for (const url of paths()) await expectAbsent(server, url, { remoteAddress: OUTSIDER, headers });
    }
  });

  it('refuses what a proxy on this machine relays from elsewhere', async () => {
    for (const url of paths()) await expectAbsent(proxied, url, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': OUTSIDER } });
  });

  it('does not exist with SMTP_URL set or in production, even from this machine', async () => {
    const settings: Record<string, string>[] = [{ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }, { NODE_ENV: 'production' }];
    for (const env of settings) {
      const server = await createTestApp({ seed: false, env });
      for (const url of ['/api/dev/outbox', '/dev/mailbox']) await expectAbsent(server, url, { remoteAddress: '127.0.0.1' });
      await server.close();
    }
  });
});
