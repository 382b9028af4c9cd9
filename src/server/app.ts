import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '../common/constants.js';
import type { HomeRenderModule } from '../common/home-render.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { stdoutBatched } from './log-stream.js';
import { AppEventBus } from './events.js';
import { ensureBootstrapAdmin } from './features/auth/auth.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { OWASP_SCRYPT, type ScryptCost } from './security/password.js';
import { ADMIN_PREFIX, adminRoutes } from './features/admin/admin.routes.js';
import { registerAlertListeners, settleAlerts } from './features/admin/alerts/alerts.service.js';
import { startOperationalMonitor } from './features/admin/operational-alerts/operational-alerts.service.js';
import { albumsRoutes } from './features/albums/albums.routes.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { collectionsRoutes } from './features/collections/collections.routes.js';
import { loadHomeRenderModule } from './features/collections/home-page.js';
import { coverArtRoutes } from './features/cover-art/cover-art.routes.js';
import { releasesRoutes } from './features/releases/releases.routes.js';
import { exportRoutes } from './features/export/export.routes.js';
import { importRoutes } from './features/import/import.routes.js';
import { enrichmentRoutes } from './features/enrichment/enrichment.routes.js';
import { registerMailListeners } from './features/mail/mail-listeners.js';
import { MailService } from './mail/mail.service.js';
import { createMailTransport } from './mail/mail-transport.js';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes.js';
import { settleResetRequests } from './features/password-reset/password-reset.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createMetricsRegistry } from './features/monitoring/metrics-registry.js';
import { metricsRoutes } from './features/monitoring/metrics.routes.js';
import { OperationalSignals } from './operational-signals.js';
import { RequestMetrics } from './features/monitoring/request-metrics.js';
import { registerOpenApiDocument } from './features/openapi/openapi-document.js';
import { openApiRoutes } from './features/openapi/openapi.routes.js';
import { GEOCODER_INTERVAL_MS } from './features/record-stores/geocoder.service.js';
import { recordCheckRoutes } from './features/record-check/record-check.routes.js';
import { recordStoresRoutes } from './features/record-stores/record-stores.routes.js';
import { sharingRoutes } from './features/sharing/sharing.routes.js';
import { subscriptionRoutes } from './features/subscription/subscription.routes.js';
import { registerTrialNotices } from './features/subscription/trial-notices.js';
import { usersRoutes } from './features/users/users.routes.js';
import { wishlistRoutes } from './features/wishlist/wishlist.routes.js';
import { registerApiCacheControl } from './plugins/api-cache-control.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerNulGuard } from './plugins/nul-characters.js';
import { registerOverloadGuard } from './plugins/overload.js';
import { requestLogSerializer } from './plugins/log-redaction.js';
import { RequestLogController } from './plugins/request-log.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerRequestOrigin } from './plugins/request-origin.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSessions } from './plugins/sessions.js';
import { trustProxyOption } from './plugins/trusted-proxy.js';
import { registerWebApp } from './plugins/web-app.js';

export interface BuildOptions {
  config: Config;
  /** Lower scrypt cost for the test suite only; production always uses OWASP's. */
  passwordCost?: ScryptCost;
  testAllowedPrivateHosts?: readonly string[];
  /** Test-only: a shorter spacing of geocoder requests, so tests that save many stores stay quick. */
  testGeocoderIntervalMs?: number;
  logger?: boolean;
  /** Test-only: where log lines go instead of stdout (the security suite reads what the log keeps). */
  logStream?: { write(line: string): void };
  webRoot?: string;
  /** The collection home's server drawing; by default the web build's (none when it is not built). */
  homeRender?: HomeRenderModule | null;
  /** Test-only: the data directory's space as the operational disk check sees it. */
  testDiskSpace?: { free: number; total: number };
  /** Whether the operational checks run every minute (default); tests call checkOperationalAlerts. */
  operationalMonitor?: boolean;
  /** Whether the mail worker polls on its own (default); tests of mail drive it with ctx.mail.flush(). */
  mailWorker?: boolean;
  /** Whether the enrichment worker polls (default), and how often (tests poll faster). */
  enrichmentWorker?: boolean;
  enrichmentPollMs?: number;
  /** Called with every route as it is added (the security suite builds its attacks from this table). */
  onRoute?: (route: RouteOptions) => void;
}

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** Builds the Fastify app: database (migrated), plugins, every feature's routes, the web app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const signals = new OperationalSignals();
  // Request metrics only with METRICS_TOKEN set: otherwise requests pay nothing for them.
  const requestMetrics = config.metricsToken ? new RequestMetrics() : undefined;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No `redact`: pino redacts after serializing, and Fastify's `req` serializer (method, url, host,
            // remote address and port) never copies headers, so cookies and Authorization cannot reach a
            // line; redacting `req.headers.*` only cost a clone per line. main.test.ts checks that neither
            // appears. Share tokens, reset tokens and checkout secrets never reach a line (log-redaction.ts).
            serializers: { req: requestLogSerializer },
            // Lines written in batches, at most 10 ms after they were logged: a write per line cost CPU
            // on every request (log-stream.ts).
            stream: options.logStream ?? stdoutBatched(),
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    logController: new RequestLogController(requestMetrics ? (request, reply) => requestMetrics.observe(request, reply) : undefined),
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: config.env !== 'production' }));

  const handle = openDatabase(config, (error) => app.log.warn({ err: error }, 'a database connection was closed'));
  await migrateToLatest(handle.db, app.log);
  const ctx: AppContext = {
    config,
    db: handle.db,
    dbKind: handle.kind,
    dbChangeToken: handle.changeToken,
    log: app.log,
    events: new AppEventBus(app.log),
    mail: new MailService({
      db: handle.db,
      dbKind: handle.kind,
      log: app.log,
      transport: createMailTransport(config, app.log),
      onSendFailure: () => signals.mailSendFailures++,
    }),
    signals,
    passwordCost: options.passwordCost ?? OWASP_SCRYPT,
    testAllowedPrivateHosts: options.testAllowedPrivateHosts ?? [],
    geocoderIntervalMs: options.testGeocoderIntervalMs ?? GEOCODER_INTERVAL_MS,
    testDiskSpace: options.testDiskSpace,
  };
  app.decorate('ctx', ctx);
  // Forgot-password work and the mail worker's pass finish before the database closes under them.
  let stopOperationalMonitor: (() => Promise<void>) | undefined;
  app.addHook('onClose', async () => {
    await stopOperationalMonitor?.();
    await settleResetRequests(ctx);
    await settleAlerts(ctx);
    await ctx.mail.stop();
    await handle.close();
  });

  // CSRF, with registerRequestOrigin below: mutations accept only JSON or multipart bodies (no
  // text/plain), multipart only where a route takes a file.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  registerSecurityHeaders(app);
  // Before any other work, so a shed request costs next to nothing.
  registerOverloadGuard(app, config.overload, () => signals.overloadShed++);
  registerRequestOrigin(app);
  registerErrorHandler(app);
  registerSessions(app);
  registerNulGuard(app);
  registerApiCacheControl(app);
  registerTrialNotices(app);
  registerMailListeners(ctx);
  registerAlertListeners(ctx);

  // Before the routes: the OpenAPI document is collected as they are added.
  await registerOpenApiDocument(app, config.version);
  await app.register(healthRoutes);
  await app.register(openApiRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(usersRoutes);
  const webRoot = options.webRoot ?? defaultWebRoot;
  const homeRender = options.homeRender !== undefined ? options.homeRender : await loadHomeRenderModule(webRoot);
  await app.register(collectionsRoutes, { homeRender });
  await app.register(albumsRoutes);
  await app.register(exportRoutes);
  // Multipart only in the scope of the routes that read a file (the cover upload, the imports): its
  // plugin adds an async onRequest hook (a 'close' listener per request) and an async onResponse hook,
  // which every other request paid for (two promise turns; docs/product/limits.md#speed-at-20000-albums).
  // Elsewhere a multipart body is refused before parsing (request-origin.ts, 415).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
    await uploads.register(importRoutes);
    await uploads.register(coverArtRoutes);
  });
  await app.register(enrichmentRoutes, { worker: options.enrichmentWorker !== false, pollMs: options.enrichmentPollMs });
  await app.register(analyticsRoutes);
  await app.register(releasesRoutes);
  await app.register(sharingRoutes);
  await app.register(recordStoresRoutes);
  await app.register(wishlistRoutes);
  await app.register(recordCheckRoutes);
  await app.register(subscriptionRoutes);
  await app.register(adminRoutes, { prefix: ADMIN_PREFIX });

  const metricsRegistry = requestMetrics ? createMetricsRegistry({ ctx, requests: requestMetrics, signals, pool: handle.pool }) : undefined;
  await app.register(metricsRoutes, { registry: metricsRegistry, token: config.metricsToken });

  registerWebApp(app, webRoot);
  await ensureBootstrapAdmin(ctx);
  if (options.mailWorker !== false) ctx.mail.start();
  if (options.operationalMonitor !== false) stopOperationalMonitor = startOperationalMonitor(ctx);
  return app;
}
