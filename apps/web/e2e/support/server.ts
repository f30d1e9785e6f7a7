import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../api/src/app.ts';
import { loadConfig } from '../../../api/src/config.ts';
import { openDatabase } from '../../../api/src/db/client.ts';
import { freePort } from '../../../api/test/free-port.ts';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}


/**
 * The whole product on a free local port: the built web app (run `npm run build` first) served
 * by the API, on a fresh in-memory database with the seeded catalog. Email links point here.
 * The database starts as a copy of the migrated, seeded one the API suite's global setup saves
 * (~3 s less per journey file); what a first start does is tested by the API suite.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_MAX: '1000', PORT: String(port), PUBLIC_URL: url, ...env }, { inMemoryDatabase: true });
  const app = await buildApp(config, { database: await openDatabase({ inMemory: true, template: seededTemplate() }) });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
}

/** The saved seeded database, or undefined (an empty database, migrated and seeded at start) without the global setup. */
function seededTemplate(): Uint8Array | undefined {
  const file = inject('pgliteTemplates')?.catalog;
  return file ? readFileSync(file) : undefined;
}
