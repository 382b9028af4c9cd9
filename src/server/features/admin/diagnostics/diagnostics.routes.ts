import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Diagnostics (issue 13, D20): album-count investigation and duplicate albums for a chosen user. Registered inside the guarded admin scope (admin.routes.ts). */
export const diagnosticsRoutes: FastifyPluginAsyncZod = async () => {};
