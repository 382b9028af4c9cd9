import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The collections feature's routes (filled in by its issue). */
export const collectionsRoutes: FastifyPluginAsyncZod = async () => {};
