import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { infrastructureFailure } from './db/infrastructure-errors.js';

/** Start-up: configuration, app, listen; SIGTERM/SIGINT finish in-flight requests, close the database, exit 0. */
async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    // Typically the database unreachable at start-up: one clear line, exit 1, and the supervisor retries.
    const failure = infrastructureFailure(error);
    const reason = failure?.status === 507 ? 'out of storage space' : 'the database is unreachable';
    console.error(failure ? `Cannot start: ${reason} (${error instanceof Error ? error.message : String(error)})` : error);
    process.exit(1);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Connections whose request finishes during shutdown would otherwise idle until keep-alive expires.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
    app.close().then(
      () => {
        clearInterval(idleSweep);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // The version on the start-up line: after an upgrade the log shows which release is now serving.
  app.log.info({ version: config.version, database: app.ctx.dbKind }, `Spindle ${config.version} started`);
}

await main();
