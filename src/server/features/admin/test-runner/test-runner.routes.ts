import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The built-in test runner (issue 13, D19): POST /run-tests streams one line per test. Registered inside the guarded admin scope (admin.routes.ts). */
export const testRunnerRoutes: FastifyPluginAsyncZod = async () => {};
