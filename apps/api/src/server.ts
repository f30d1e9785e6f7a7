import { ConfigError, describeModes, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { runClusterPrimary, servesRequests } from './cluster.ts';

/** Listen, log the modes in use, and shut down gracefully. Everything else lives in app.ts. */
async function main() {
  let config;
  try {
    try {
      process.loadEnvFile();
    } catch {
      // No .env file: the environment alone configures the product.
    }
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (!servesRequests(config)) return runClusterPrimary(config);

  const app = await buildApp(config);
  const modes = describeModes(config);
  // The message says it all for a person; `modes` is for log collectors (the pretty format hides it).
  app.log.info({ modes }, `database: ${modes.database} · mail: ${modes.mail} · payments: ${modes.payments}`);
  if (config.nodeEnv === 'production' && !process.env.JWT_SECRET) {
    app.log.warn('JWT_SECRET is not set: using the secret generated in DATA_DIR; set it when running more than one process');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing the database`);
    // A stuck request must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Carbonwise is serving at ${config.publicUrl}`);
}

main().catch((error) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
