import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess } from './process-helpers.ts';

/**
 * `npm run cli` while the shop runs (decision 0029), against the real server process, on the
 * embedded database as on PostgreSQL: the command reaches the running server over its operator
 * socket, and what it does takes effect in that server at once. With the server stopped, the
 * command line opens the database itself.
 */
const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const server = await serverProcess();
afterAll(() => server.cleanup());

async function cli(...argv: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...argv], { cwd: repoRoot, env: { ...process.env, ...server.env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operator commands while the shop is running', () => {
  it('grants and revokes operators and creates coupons through the running server', async () => {
    const running = await server.start();
    const socket = path.join(server.dataDir, 'operator.sock');
    expect(existsSync(socket)).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);

    const shopper = await server.signUp();
    const me = await server.call('GET', '/api/v1/me', shopper.token);
    const email = me.body.email ?? me.body.data.email;
    expect((await server.call('GET', '/api/admin/v1/mfa', shopper.token)).status).toBe(403);

    const granted = await cli('admin:grant', email, '--role', 'owner');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${email} is now owner`);
    const status = await server.call('GET', '/api/admin/v1/mfa', shopper.token);
    expect([status.status, status.body.data.operator.role, status.body.data.enrolled]).toEqual([200, 'owner', false]);

    const created = await cli('coupon:create', '--code', 'RUNNING10', '--percent', '10');
    expect(created.code, created.stderr).toBe(0);
    expect((await server.call('GET', '/api/v1/coupons/RUNNING10', shopper.token)).status).toBe(200);
    expect((await cli('coupon:list')).stdout).toContain('RUNNING10');
    expect((await cli('admin:list')).stdout).toMatch(new RegExp(`${email.replace(/[.]/g, '\\.')}\\s+owner\\s+active`));

    const bad = await cli('admin:grant', 'not-an-email', '--role', 'king');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Usage: npm run cli -- admin:grant');

    // The shop keeps one owner: revoking the only one is refused until there is another.
    const lastOwner = await cli('admin:revoke', email);
    expect([lastOwner.code, lastOwner.stderr]).toEqual([1, 'The shop must keep at least one owner: make someone else an owner first\n']);
    expect((await cli('admin:grant', 'second.owner@example.com', '--role', 'owner')).stdout).toContain('the role takes effect when it is verified');
    const revoked = await cli('admin:revoke', email);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await server.call('GET', '/api/admin/v1/mfa', shopper.token)).status).toBe(403);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(existsSync(socket)).toBe(false);

    // Stopped: the command line opens the database itself and sees the same rows.
    const offline = await cli('coupon:list');
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toContain('RUNNING10');
  }, 240_000);
});
