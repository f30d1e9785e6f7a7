import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { CommandResult } from './commands.ts';

/**
 * The command line's side of the operator socket (decision 0029), kept apart from the server's
 * side so `npm run cli` loads only this to reach a running shop: the commands, the database
 * driver and the app's modules load only when no server answers (about 1 s instead of 2.7 s of
 * start-up per command here).
 */

/** The socket's file: DATA_DIR/operator.sock (decision 0029). */
export const socketPathOf = (dataDir: string) => path.join(dataDir, 'operator.sock');

/** Sends a command to a running server; undefined when no server answers on the socket. */
export function sendToRunningServer(file: string, argv: string[], user: string): Promise<CommandResult | undefined> {
  if (!existsSync(file)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ socketPath: file, path: '/run', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CommandResult);
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(undefined) : reject(error)));
    req.end(JSON.stringify({ argv, user }));
  });
}
