import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { logTransport } from '../src/lib/log-format.ts';
import { serverBundle } from '../src/paths.ts';
import { freePort } from './free-port.ts';

/**
 * Issue 26 item 19: the server's log was raw JSON on a terminal, so the lines saying where the
 * shop and the mailbox are got lost. On a terminal the lines are now readable (pino-pretty); piped
 * to a file or a collector they stay JSON.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('LOG_FORMAT', () => {
  it('is pretty or json; tests (and anything not on a terminal) get JSON', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { inMemoryDatabase: true }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { inMemoryDatabase: true }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }, { inMemoryDatabase: true }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, { inMemoryDatabase: true })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, { inMemoryDatabase: true })).toThrow(/LOG_FORMAT: must be pretty or json/);
  });

  it('loads pino-pretty only for the pretty format', () => {
    expect(logTransport('json')).toEqual({});
    expect(logTransport('pretty').transport?.target).toBe('pino-pretty');
  });
});

// `script` (util-linux) runs the server on a pseudo-terminal, as a person's shell does.
const hasScript = spawnSync('script', ['--version']).status === 0;

describe.runIf(hasScript)('the server on a terminal', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-log-'));
  let stop = () => {};
  afterAll(() => {
    stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints readable lines: where the shop is and where the mailbox is, no JSON', async () => {
    const port = await freePort();
    const command = `${process.execPath} ${serverBundle}`;
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'info', DATABASE_URL: '', LOG_FORMAT: '', SEED_CATALOG: 'false' };
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    stop = () => {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    };
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 90_000;
    while (!output.includes('is serving at')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Colours and the terminal's carriage returns aside, each event is one plain line.
    const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split(/\r?\n/).filter(Boolean);
    const line = (text: string) => lines.find((candidate) => candidate.includes(text));
    expect(line('Carbonwise is serving at')).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: Carbonwise is serving at http://localhost:${port}$`));
    expect(line('development mailbox at')).toMatch(new RegExp(`INFO: mail: development mailbox at http://localhost:${port}/dev/mailbox`));
    expect(line('database: pglite')).toMatch(/INFO: database: pglite .* · payments: test provider \(no real charges\)$/);
    expect(lines.filter((candidate) => candidate.trimStart().startsWith('{"level"'))).toEqual([]);
    stop();
  }, 120_000);
});
