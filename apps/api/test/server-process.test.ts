import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverBundle } from '../src/paths.ts';
import { freePort } from './free-port.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');


/** Starts the real server process (as `npm start` does after building) and waits until it serves. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverBundle], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('is serving at')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-process-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs its modes, shuts down gracefully on SIGTERM, and keeps data across a restart', async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development', DATABASE_URL: '' };
    const first = await startServer(env);
    children.push(first.child);
    expect(first.output()).toContain('database: pglite');
    expect(first.output()).toContain('mail: outbox');
    // Where the development mailbox is, and who can read it (issue 6.2).
    expect(first.output()).toContain(`development mailbox at http://localhost:${port}/dev/mailbox and /api/dev/outbox, readable only from this machine (loopback)`);
    expect(first.output()).toContain('payments: test provider');
    expect(first.output()).toContain('Seeded the product catalog');
    // Piped, not on a terminal: JSON lines for log collectors (issue 26 item 19; the terminal: server-log-format.test.ts).
    const serving = first.output().split('\n').find((line) => line.includes('is serving at'))!;
    expect(JSON.parse(serving)).toMatchObject({ level: 30, msg: `Carbonwise is serving at http://localhost:${port}` });

    const base = `http://127.0.0.1:${port}`;
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Per', lastName: 'Sist', email: 'persist@example.com', password: 'Kept-after-restart-1' }),
    });
    expect(register.status).toBe(201);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');

    const second = await startServer(env);
    children.push(second.child);
    expect(second.output()).toContain('Product catalog already present, not seeded');
    const outbox = await (await fetch(`${base}/api/dev/outbox?to=persist@example.com`)).json();
    expect(outbox.data).toHaveLength(1);
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health.data.database).toBe('reachable');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 150_000);

  it('refuses to start with a bad variable and names it', async () => {
    const child = spawn(process.execPath, [serverBundle], { cwd: repoRoot, env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir } });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT: must be a whole number from 0 to 65535');
  });
});
