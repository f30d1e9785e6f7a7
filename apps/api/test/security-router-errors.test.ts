import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json } from './helper.ts';

/** Issue 6, item 4: failures before routing still get the envelope, security headers and request id. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(async () => {
  await app.close();
});

function expectEnvelope(response: Awaited<ReturnType<FastifyInstance['inject']>>, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  const body = json(response);
  expect(body).toMatchObject({ success: false, code, message: expect.any(String) });
  expect(body.requestId).toBe(response.headers['x-request-id']);
  expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBeDefined();
  expect(response.body).not.toContain('FST_ERR');
}

describe('router errors (issue 6.4)', () => {
  it('a badly encoded URL answers 400 with the envelope, headers and request id, without echoing the path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/productBySlug/%ff%fe', headers: { 'x-request-id': 'trace-bad-url' } });
    expectEnvelope(response, 400, 'VALIDATION_FAILED');
    expect(json(response).requestId).toBe('trace-bad-url');
    expect(response.body).not.toContain('%ff');
  });

  it('a path parameter over the router limit answers 414 with the envelope, without echoing the input', async () => {
    const long = 'a'.repeat(5000);
    const response = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${long}` });
    expectEnvelope(response, 414, 'URI_TOO_LONG');
    expect(response.body).not.toContain('a'.repeat(101));
    expect(response.body.length).toBeLessThan(400);
  });
});
