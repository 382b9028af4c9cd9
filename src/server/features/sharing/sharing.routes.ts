import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The sharing feature's routes (filled in by its issue). */
export const sharingRoutes: FastifyPluginAsyncZod = async () => {};
