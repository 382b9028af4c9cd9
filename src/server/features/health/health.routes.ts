import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../db/infrastructure-errors.js';

/** GET /api/health: 200 when the database answers, 503 when it does not; both name the running version. GET /api/ping: liveness only. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness without the database; also the hello-world baseline of bench/user.bench.mjs.
  app.get('/api/ping', { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({ ok: true as const }));

  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }), 503: z.object({ status: z.literal('error'), database: z.string(), version: z.string(), message: z.string() }) } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.ctx.db);
        return reply.header('cache-control', 'no-store').send({ status: 'ok' as const, database: app.ctx.dbKind, version: app.ctx.config.version });
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').send({ status: 'error' as const, database: app.ctx.dbKind, version: app.ctx.config.version, message: 'Database unreachable' });
      }
    },
  );
};
