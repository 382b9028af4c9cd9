import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The export feature's routes (filled in by its issue). */
export const exportRoutes: FastifyPluginAsyncZod = async () => {};
