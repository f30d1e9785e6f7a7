import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverBundle } from '../src/paths.ts';
import { freePort } from './free-port.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Process-proof-42';

export type Answer = { status: number; body: any };

/**
 * The real server process (`apps/api/dist/server.mjs`, built by global-setup.ts) on a free port, as `npm start` runs it, for
 * tests that kill, restart or cluster it: its own data directory and, when DATABASE_URL is set, a
 * fresh PostgreSQL database dropped by `cleanup()` (or the `databaseUrl` given: a second host).
 */
export async function serverProcess(options: { env?: Record<string, string>; databaseUrl?: string } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-process-'));
  // Another host on the database of an earlier serverProcess (decision 0060): that one drops it.
  let databaseUrl = options.databaseUrl ?? '';
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL && !options.databaseUrl) {
    const name = `cw_process_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'process-test-secret-that-is-long-enough-0123456789',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    ORDER_RATE_LIMIT_MAX: '1000000',
    ...options.env,
  };
  const running: ChildProcess[] = [];

  /** Starts the process and waits until it answers its health check. */
  async function start(extraEnv: Record<string, string> = {}) {
    const child = spawn(process.execPath, [serverBundle], { cwd: repoRoot, env: { ...process.env, ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      const ready = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return { child, exited, output: () => output };
  }

  async function call(method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  }

  /** Signs a buyer up through the API and the development mailbox, as a person would. */
  async function signUp(): Promise<{ id: string; token: string }> {
    const email = `process.${randomBytes(5).toString('hex')}@example.com`;
    const registered = await call('POST', '/api/auth/register', undefined, { firstName: 'Pro', lastName: 'Cess', email, password: PASSWORD, confirmPassword: PASSWORD });
    if (registered.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(registered.body)}`);
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i += 1) {
      const outbox = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
      code = /Your code: (\d{6})/.exec(outbox.body?.data?.[0]?.text ?? '')?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const verified = await call('PATCH', '/api/auth/registration-otp-verify', undefined, { email, otp: code, signUpProof: registered.body.data.signUpProof });
    if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
    return { id: verified.body.user._id ?? verified.body.user.id, token: verified.body.token };
  }

  async function cleanup() {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { base, dataDir, databaseUrl, env, start, call, signUp, cleanup };
}

/** A valid order body for process tests. */
export const processOrderBody = {
  firstName: 'Pro',
  lastName: 'Cess',
  isBusinessOrder: false,
  referalUserId: '',
  address: { firstName: 'Pro', lastName: 'Cess', line1: '1 Leaf Lane', city: 'Bristol', postalCode: 'BS1 1AA', country: 'gb' },
};
