import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
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

  it('an unknown route names the path in its 404 but never more than a line of it', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/${'b'.repeat(8000)}` });
    expect(response.statusCode).toBe(404);
    expect(json(response).code).toBe('ROUTE_NOT_FOUND');
    expect(response.body.length).toBeLessThan(400);
  });

  it('requests Node cannot parse (huge headers, a broken request line) get the envelope over a real socket', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const cases: [string, number, string][] = [
      [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
      ['NOT HTTP AT ALL\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ];
    for (const [request, status, code] of cases) {
      const answer = await raw(request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head!.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      const parsed = JSON.parse(body!);
      expect(parsed).toMatchObject({ success: false, code, requestId: expect.any(String) });
      expect(head).toContain(`x-request-id: ${parsed.requestId}`);
      expect(head).toContain("content-security-policy: default-src 'none'");
      expect(head).toContain('x-content-type-options: nosniff');
      expect(answer).not.toContain('aaaaaaaaaa');
    }
  });
});
