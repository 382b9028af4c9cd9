import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Payment mode (issue 13): GET/PUT /:provider/mode (test or live). Registered inside the guarded admin scope (admin.routes.ts). */
export const paymentModeRoutes: FastifyPluginAsyncZod = async () => {};
