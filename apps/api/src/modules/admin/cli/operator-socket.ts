import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminContext } from '../admin.context.ts';
import { runOperatorCommand, type CommandResult } from './commands.ts';
import { sendToRunningServer, socketPathOf } from './operator-socket-client.ts';

const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * The running server's door for `npm run cli` (decision 0029): an HTTP server on a Unix socket in
 * DATA_DIR, readable and writable by the server's own user only (mode 0600, made under a umask
 * so it never exists with wider rights). Whoever can open it can already read DATA_DIR (the JWT
 * secret, the embedded database), so it grants nothing new. Commands run in this process, on its
 * database connection: the embedded database (one process) and PostgreSQL alike.
 */
export async function startOperatorSocket(ctx: AdminContext, log: FastifyBaseLogger): Promise<Server | undefined> {
  const file = socketPathOf(ctx.config.dataDir);
  if (existsSync(file)) {
    if (await answers(file)) {
      log.warn(`operator socket ${file} belongs to another running server; this one does not open it`);
      return undefined;
    }
    unlinkSync(file);
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', async () => {
      let result: CommandResult;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { argv?: unknown; user?: unknown };
        const argv = Array.isArray(body.argv) ? body.argv.filter((a): a is string => typeof a === 'string').slice(0, 50) : [];
        result = await runOperatorCommand(ctx, argv, typeof body.user === 'string' ? body.user.slice(0, 64) : 'unknown');
      } catch (error) {
        log.error({ err: error }, 'operator command failed');
        result = { code: 1, stdout: '', stderr: 'The command failed on the server; see its log.\n' };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    });
  });
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(file, 0o600);
  server.unref();
  log.info(`operator commands: npm run cli reaches this server over ${file}`);
  return server;
}

function answers(file: string): Promise<boolean> {
  return sendToRunningServer(file, ['help'], 'probe').then(
    (result) => result !== undefined,
    () => false,
  );
}
