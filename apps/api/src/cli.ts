import { userInfo } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import type { CommandResult } from './modules/admin/cli/commands.ts';
import { sendToRunningServer, socketPathOf } from './modules/admin/cli/operator-socket-client.ts';

/**
 * Operator commands: `npm run cli -- <command> [options]` (modules/admin/cli/commands.ts). With
 * the shop running, the command is carried out by the running server, over its operator socket
 * in DATA_DIR (decision 0029); otherwise this process opens the configured database itself.
 */
async function main(argv: string[]): Promise<number> {
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: the environment alone configures the shop.
  }
  const config = loadConfig();
  const who = safeUser();
  const remote = config.operatorSocket ? await sendToRunningServer(socketPathOf(config.dataDir), argv, who) : undefined;
  if (remote) return print(remote);

  // No running shop: this process opens the database itself. Loaded here, not above, so a
  // command a running shop carries out starts without the database driver and the app's modules.
  const [{ openDatabase, configuredDatabase }, { AdminTokenSigner }, { runOperatorCommand }, { createMailRepository }, { openUploadStore }] = await Promise.all([
    import('./db/client.ts'),
    import('./modules/admin/access/admin-token.ts'),
    import('./modules/admin/cli/commands.ts'),
    import('./modules/mail/mail.repository.ts'),
    import('./modules/uploads/database-upload-store.ts'),
  ]);
  const handle = await openDatabase(configuredDatabase(config));
  const quiet = () => {};
  const log = { info: quiet, debug: quiet, trace: quiet, warn: console.warn, error: console.error, fatal: console.error, child: () => log } as unknown as FastifyBaseLogger;
  try {
    await handle.migrate();
    const result = await runOperatorCommand(
      {
        db: handle.db,
        config,
        // No read model lives in this process; the server, when it starts, loads the catalog anew.
        catalog: { changed: async () => {} },
        mail: createMailRepository(handle.db),
        // Mail written here waits in the outbox until the server runs and delivers it.
        dispatcher: { kick: () => {} },
        adminSigner: new AdminTokenSigner(config.jwtSecret, config.adminSessionHours * 3600),
        uploads: openUploadStore({ storage: config.uploadStorage, databaseKind: handle.kind, db: handle.db, dataDir: config.dataDir }),
        log,
        now: () => new Date(),
      },
      argv,
      who,
    );
    return print(result);
  } finally {
    await handle.close();
  }
}

function print(result: CommandResult): number {
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  return result.code;
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
