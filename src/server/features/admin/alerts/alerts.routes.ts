import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Alerts (issue 13, D21): /alerts/config, /alerts/history, /alerts/count, read one, read all. Registered inside the guarded admin scope (admin.routes.ts). */
export const alertsRoutes: FastifyPluginAsyncZod = async () => {};
