import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

function appLoggingTo(lines: Record<string, unknown>[], level: string) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger, logController: new LogController({ requestIdLogLabel: 'requestId' }) });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/noisy', async (request) => {
    request.log.warn({ detail: 42 }, 'something to look at');
    request.log.debug('too fine for this level');
    request.log.child({ step: 'inner' }).error('from a child');
    return { ok: true };
  });
  return app;
}

describe('lazy request logger', () => {
  it("logs what is on, bound to the request's id, and nothing that is off", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines, 'warn');
    const quiet = await app.inject({ url: '/quiet' });
    const noisy = await app.inject({ url: '/noisy' });
    expect(quiet.statusCode).toBe(200);
    expect(noisy.statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual(['something to look at', 'from a child']);
    expect(lines[0]).toMatchObject({ level: 40, detail: 42, requestId: expect.any(String) });
    expect(lines[1]).toMatchObject({ level: 50, step: 'inner', requestId: lines[0]!.requestId });
    await app.close();
  });

  it("keeps Fastify's request lines at info, each with its request id", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines, 'info');
    await app.inject({ url: '/quiet' });
    const messages = lines.map((line) => line.msg);
    expect(messages).toEqual(['incoming request', 'request completed']);
    expect(lines[0]!.requestId).toBeTruthy();
    expect(lines[1]!.requestId).toBe(lines[0]!.requestId);
    await app.close();
  });
});
