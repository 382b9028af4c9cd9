import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.js';
import { requireAdmin } from '../../plugins/guards.js';

/**
 * D9 for the whole /api/admin/ prefix: 401 signed out and 403 for non-administrators on every path,
 * including ones that do not exist (yet), so probing reveals nothing. The administration issue adds
 * its routes here; a specific route takes precedence over the wildcard.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.all('/api/admin/*', { preValidation: requireAdmin }, async (request) => {
    throw notFound(`No such API route: ${request.method} ${request.url.split('?')[0]}`);
  });
};
