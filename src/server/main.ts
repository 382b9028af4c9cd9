import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { infrastructureFailure } from './db/infrastructure-errors.js';
import { checkDataDir, configurationWarnings, missingDatabaseMessage, StartupError } from './startup-checks.js';

/** Start-up: configuration, app, listen; SIGTERM/SIGINT finish in-flight requests, close the database, exit 0. */
async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
    checkDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError) {
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
    const missing = missingDatabaseMessage(error, config);
    const failure = infrastructureFailure(error);
    const reason = failure?.status === 507 ? 'out of storage space' : 'the database is unreachable';
    console.error(
      missing ?? (failure ? `Cannot start: ${reason} (${error instanceof Error ? error.message : String(error)})` : error),
    );
    process.exit(1);
  }
  for (const warning of configurationWarnings(config)) app.log.warn(warning);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Connections whose request finishes during shutdown would otherwise idle until keep-alive expires.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
    // Supervisors kill a process that has not stopped in time (Docker after 10 s, systemd after
    // TimeoutStopSec): past SHUTDOWN_GRACE_MS (6 s by default, which leaves Docker's 10 s room for
    // closing the database and the hashes already in the thread pool) the requests still running are
    // cut, so the database is closed cleanly and the process still exits on its own, with 0.
    const deadline = setTimeout(() => {
      app.log.warn(`shutting down: requests still running after ${config.shutdownGraceMs} ms are cut off`);
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    app.close().then(
      () => {
        clearInterval(idleSweep);
        clearTimeout(deadline);
        app.log.info('shut down');
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
