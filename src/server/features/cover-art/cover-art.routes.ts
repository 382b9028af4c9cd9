import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The cover-art feature's routes (filled in by its issue). */
export const coverArtRoutes: FastifyPluginAsyncZod = async () => {};
