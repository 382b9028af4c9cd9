import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_HISTORY_LIMIT,
  ALERT_MESSAGES,
  alertConfigListSchema,
  alertConfigSchema,
  alertConfigUpdateSchema,
  alertCountSchema,
  alertHistorySchema,
  alertIdParamsSchema,
} from '../../../../common/admin-alerts.schemas.js';
import { notFound } from '../../../errors.js';
import { alertsRepository, presentConfig } from './alerts.repository.js';
import { updateAlertConfig } from './alerts.service.js';
import { errorSchema } from '../../../http/error-schema.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Alerts (docs/product/admin.md#alerts): the five configurations, the history (latest
 * ALERT_HISTORY_LIMIT, newest first), the unread count, read one, read all. Registered inside the
 * guarded admin scope (admin.routes.ts): administrators only. The alerts themselves are recorded by
 * the listeners in alerts.service.ts.
 */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/alerts/config', { schema: { response: { 200: alertConfigListSchema, ...errors } } }, async () =>
    (await alertsRepository.listConfigs(ctx.db)).map(presentConfig),
  );

  app.put(
    '/alerts/config/:id',
    { schema: { params: alertIdParamsSchema, body: alertConfigUpdateSchema, response: { 200: alertConfigSchema, ...errors } } },
    async (request) => updateAlertConfig(ctx, request.params.id, request.body),
  );

  app.get('/alerts/history', { schema: { response: { 200: alertHistorySchema, ...errors } } }, async () => ({
    alerts: await alertsRepository.listHistory(ctx.db, ALERT_HISTORY_LIMIT),
  }));

  app.get('/alerts/count', { schema: { response: { 200: alertCountSchema, ...errors } } }, async () => ({
    count: await alertsRepository.countUnread(ctx.db),
  }));

  // A static segment: never read as an id, whatever the registration order.
  app.put('/alerts/history/read-all', { schema: { response: { 204: z.null(), ...errors } } }, async (_request, reply) => {
    await alertsRepository.markAllRead(ctx.db);
    return reply.status(204).send(null);
  });

  app.put(
    '/alerts/history/:id/read',
    { schema: { params: alertIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!(await alertsRepository.markRead(ctx.db, request.params.id))) throw notFound(ALERT_MESSAGES.alertNotFound);
      return reply.status(204).send(null);
    },
  );
};
