import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('error'), database: z.string(), message: z.string() }) } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.ctx.db);
        return reply.header('cache-control', 'no-store').send({ status: 'ok' as const, database: app.ctx.dbKind });
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: app.ctx.dbKind, message: 'Database unreachable' });
      }
    },
  );
};
