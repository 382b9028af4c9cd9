import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsSchema } from '../../../common/analytics.schemas.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { acceptsGzip, matchesIfNoneMatch } from '../../http/cache-headers.js';
import { userAnalytics } from './analytics.service.js';
import { errorSchema } from '../../http/error-schema.js';

/**
 * GET /api/analytics (docs/product/analytics.md#api): a data call, so gated users get 402
 * (docs/product/subscription.md#gated).
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/analytics',
    {
      preValidation: requireAccess,
      schema: { response: { 200: analyticsSchema, 304: z.null(), 401: errorSchema, 402: errorSchema } },
    },
    async (request, typedReply) => {
      // The cached bytes bypass the serializer; buildAnalytics builds each field explicitly, and the
      // schema above documents them.
      const reply = typedReply as FastifyReply;
      const body = await userAnalytics(app.ctx, currentUser(request));
      void reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
      if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
      void reply.type('application/json; charset=utf-8');
      if (acceptsGzip(request.headers['accept-encoding']))
        return reply.header('content-encoding', 'gzip').send(await body.gzipped());
      return reply.send(body.body);
    },
  );
};
