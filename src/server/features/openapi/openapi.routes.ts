import type { FastifyPluginAsync } from 'fastify';

/** GET /api/openapi.json: the API's OpenAPI 3.1 document (openapi-document.ts builds it). */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: string | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    // Built once: the route table does not change after start-up.
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document);
  });
};
