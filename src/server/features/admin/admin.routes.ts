import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.js';
import { requireAdmin } from '../../plugins/guards.js';
import { alertsRoutes } from './alerts/alerts.routes.js';
import { operationalAlertsRoutes } from './operational-alerts/operational-alerts.routes.js';
import { diagnosticsRoutes } from './diagnostics/diagnostics.routes.js';
import { paymentModeRoutes } from './payment-mode/payment-mode.routes.js';
import { testRunnerRoutes } from './test-runner/test-runner.routes.js';
import { adminUsersRoutes } from './users/admin-users.routes.js';

export const ADMIN_PREFIX = '/api/admin';

/**
 * The administrators-only rule (docs/product/admin.md#access) for the whole /api/admin prefix, registered
 * once with `{ prefix: ADMIN_PREFIX }`. The guard is this scope's onRequest hook, so every route added here
 * (or in a plugin registered here) passes through it whatever its path, and so does /api/admin itself: 401
 * signed out and 403 for non-administrators, on paths that do not exist too, so probing reveals nothing.
 * Being onRequest, it refuses before any body is read. Every administration feature registers its routes
 * inside this plugin.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.addHook('onRequest', requireAdmin);

  // Each part of the dashboard in its own folder; registered here, so inside the guard.
  await admin.register(adminUsersRoutes);
  await admin.register(alertsRoutes);
  await admin.register(operationalAlertsRoutes);
  await admin.register(diagnosticsRoutes);
  await admin.register(paymentModeRoutes);
  await admin.register(testRunnerRoutes);

  // Unknown paths under the prefix: an administrator gets the usual 404 JSON (after the guard above).
  // Routes rather than a scoped not-found handler, which the web app's GET /* would win over.
  const noSuchRoute = async (request: FastifyRequest) => {
    throw notFound(`No such API route: ${request.method} ${request.url.split('?')[0]}`);
  };
  admin.all('/', noSuchRoute);
  admin.all('/*', noSuchRoute);
};
