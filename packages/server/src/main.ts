import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './infra/config.js';
import { restrictUmask } from './infra/private-files.js';

/** Reads the settings, serves, and on SIGTERM/SIGINT finishes open requests before exiting. */
async function main(): Promise<void> {
  // Whatever the server writes (database, uploads, mail, logs of libraries) is its user's only.
  restrictUmask();
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
