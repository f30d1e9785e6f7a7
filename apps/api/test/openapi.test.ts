import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_METHODS, operationIdFor } from '../src/plugins/docs/operation.ts';
import { createTestApp, json } from './helper.ts';

/**
 * Issue 26, "for people who build on the API": the served OpenAPI document must be usable by the
 * common tools. Before, openapi-typescript stopped at an unresolved $ref (the recursive chain
 * tree) and Redocly's recommended lint found 51 errors and 147 warnings. Here the served document
 * is linted with @redocly/cli (offline) and turned into TypeScript types that a small client
 * (fixtures/openapi-client.ts) must type-check against, so a broken document fails CI.
 */
const run = promisify(execFile);
const apiRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(apiRoot, '../..');

let app: FastifyInstance;
let document: { paths: Record<string, Record<string, any>>; servers?: unknown[] };
let dir: string;
let file: string;

const operations = () =>
  Object.entries(document.paths).flatMap(([url, item]) => HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, url, operation: item[method] })));

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  document = json(await app.inject({ url: '/api/docs/json' }));
  dir = mkdtempSync(path.join(tmpdir(), 'cw-openapi-'));
  file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('operationIds', () => {
  it('are derived from the method and path, one place for every route (the admin API’s too)', () => {
    expect(operationIdFor('GET', '/api/v1/user-chains/tree/:userId')).toBe('getV1UserChainsTreeByUserId');
    expect(operationIdFor('post', '/api/admin/v1/products/:id/stock')).toBe('postAdminV1ProductsByIdStock');
    expect(operationIdFor('GET', '/api/v1/productBySlug/{slug}')).toBe('getV1ProductBySlugBySlug');
    expect(operationIdFor('GET', '/api/airports')).toBe('getAirports');
  });

  it('every operation has one, and no two collide', () => {
    const all = operations();
    expect(all.length).toBeGreaterThanOrEqual(137);
    const ids = all.map(({ operation }) => operation.operationId as string);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    const seen = new Map<string, string>();
    const collisions: string[] = [];
    for (const { method, url, operation } of all) {
      const other = seen.get(operation.operationId);
      if (other) collisions.push(`${operation.operationId}: ${other} and ${method.toUpperCase()} ${url}`);
      seen.set(operation.operationId, `${method.toUpperCase()} ${url}`);
    }
    expect(collisions).toEqual([]);
  });
});

describe('security and answers', () => {
  it('says for every operation who may call it: a token, an optional token, or none (security: [])', () => {
    const missing = operations().filter(({ operation }) => !Array.isArray(operation.security));
    expect(missing.map(({ method, url }) => `${method} ${url}`)).toEqual([]);
    const of = (method: string, url: string) => document.paths[url]![method].security;
    expect(of('get', '/api/v1/products')).toEqual([]);
    expect(of('post', '/api/auth/login')).toEqual([]);
    expect(of('get', '/api/v1/me')).toEqual([{ bearerAuth: [] }]);
    expect(of('post', '/api/v1/mailing-lists')).toEqual([{}, { bearerAuth: [] }]);
  });

  it('lists 401 on signed-in operations and 429 on rate-limited ones', () => {
    for (const { method, url, operation } of operations()) {
      if (operation.security.some((requirement: object) => Object.keys(requirement).length === 0)) continue;
      if (operation.security.length > 0) expect(operation.responses, `${method} ${url}`).toHaveProperty('401');
    }
    expect(document.paths['/api/v1/products']!.get.responses).toHaveProperty('429');
    expect(document.paths['/api/health']!.get.responses).not.toHaveProperty('429');
  });
});

describe('the served document in the common tools', () => {
  it('is valid and lint-clean under Redocly’s recommended rules, offline (apps/api/redocly.yaml)', async () => {
    const cli = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const lint = await run(process.execPath, [cli, 'lint', file, '--config', path.join(apiRoot, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'], { env, maxBuffer: 64 * 1024 * 1024 }).catch(
      (failed: { stdout: string }) => failed,
    );
    const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    const found = report.problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(found.filter((problem) => problem.startsWith('error'))).toEqual([]);
    // Exactly the warnings redocly.yaml justifies, one each.
    expect(report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`).sort(), found.join('\n')).toEqual(
      ['info-license #/info', 'no-ambiguous-paths #/paths/~1api~1v1~1review~1eligibility~1{productId}', 'operation-4xx-response #/paths/~1api~1health/get/responses'].sort(),
    );
  });

  it('generates TypeScript types with openapi-typescript, and a small client type-checks against them', async () => {
    const types = astToString(await openapiTS(document as never));
    expect(types).toContain('ChainTreeNode');
    writeFileSync(path.join(dir, 'api.d.ts'), types);
    copyFileSync(path.join(apiRoot, 'test/fixtures/openapi-client.ts'), path.join(dir, 'client.ts'));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: [], skipLibCheck: false, noUnusedLocals: true },
        files: ['api.d.ts', 'client.ts'],
      }),
    );
    const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', dir], { maxBuffer: 16 * 1024 * 1024 }).then(
      () => '',
      (failed: { stdout: string }) => failed.stdout,
    );
    expect(checked).toBe('');
  });
});
