import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../common/auth.schemas.js';
import {
  collectionListSchema,
  collectionParamsSchema,
  collectionRequestSchema,
  collectionSchema,
} from '../../../common/collections.schemas.js';
import type { HomeRenderModule } from '../../../common/home-render.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { createCollection, deleteCollection, listCollections, renameCollection } from './collections.service.js';
import { homePageRenderer } from './home-page.js';
import { errorSchema } from '../../http/error-schema.js';

const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema };

/** GET/POST /api/collections, PUT/DELETE /api/collections/{id} (docs/product/collections.md#api). */
export const collectionsRoutes: FastifyPluginAsyncZod<{ homeRender: HomeRenderModule | null }> = async (app, { homeRender }) => {
  // web-app.ts creates the renderer list after every feature is registered.
  app.addHook('onReady', async () => {
    app.pageRenderers.push(homePageRenderer(app, homeRender));
  });

  app.get(
    '/api/collections',
    { preValidation: requireAccess, schema: { response: { 200: collectionListSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listCollections(app.ctx, currentUser(request).id);
    },
  );

  app.post(
    '/api/collections',
    { preValidation: requireAccess, schema: { body: collectionRequestSchema, response: { 201: collectionSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createCollection(app.ctx, currentUser(request), request.body.name)),
  );

  app.put(
    '/api/collections/:id',
    {
      preValidation: requireAccess,
      schema: { params: collectionParamsSchema, body: collectionRequestSchema, response: { 200: collectionSchema, ...errors } },
    },
    async (request) => renameCollection(app.ctx, currentUser(request).id, request.params.id, request.body.name),
  );

  app.delete(
    '/api/collections/:id',
    { preValidation: requireAccess, schema: { params: collectionParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await deleteCollection(app.ctx, currentUser(request).id, request.params.id);
      return { message: 'Collection deleted successfully' };
    },
  );
};
