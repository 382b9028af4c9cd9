import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';

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
  const app = await buildApp({ config });
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
}

await main();
