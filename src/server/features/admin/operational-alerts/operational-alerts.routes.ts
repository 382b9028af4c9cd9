import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationalAlertsSchema } from '../../../../common/admin-operational-alerts.schemas.js';
import { checkOperationalAlerts } from './operational-alerts.service.js';
import { errorSchema } from '../../../http/error-schema.js';

/**
 * GET /api/admin/operational-alerts: mail failing, database errors, disk nearly full, checked as the
 * administrator asks (the same checks the minute-by-minute monitor runs, so the answer is current).
 * Inside the guarded admin scope: administrators only.
 */
export const operationalAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/operational-alerts', { schema: { response: { 200: operationalAlertsSchema, 401: errorSchema, 403: errorSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return checkOperationalAlerts(app.ctx);
  });
};
