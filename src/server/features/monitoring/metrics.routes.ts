import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: Prometheus' text format, only to `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * token configured the endpoint does not exist (404), so nothing is exposed by default. Outside /api:
 * it is for the scraper, not the app, and takes no session.
 */
export const metricsRoutes: FastifyPluginAsync<{ registry: Registry | undefined; token: string | undefined }> = async (app, { registry, token }) => {
  // Compared as SHA-256 digests with timingSafeEqual: equal lengths, and the time taken says nothing
  // about how much of a guessed token was right.
  const expected = token ? digest(token) : undefined;
  app.get('/metrics', async (request, reply) => {
    if (!registry || !expected) return reply.status(404).send({ message: 'No such route: GET /metrics', code: 'NOT_FOUND' });
    const header = request.headers.authorization ?? '';
    const presented = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
    }
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
};
