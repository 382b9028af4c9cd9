import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The albums feature's routes (filled in by its issue). */
export const albumsRoutes: FastifyPluginAsyncZod = async () => {};
