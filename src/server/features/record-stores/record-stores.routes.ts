import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../common/auth.schemas.js';
import {
  mapConfigSchema,
  recordStoreListSchema,
  recordStoreParamsSchema,
  recordStoreRequestSchema,
  recordStoreSchema,
  sharedRecordStoreListSchema,
  STORE_MESSAGES,
  storeShareResponseSchema,
  updateCoordinatesRequestSchema,
  updateCoordinatesResponseSchema,
} from '../../../common/record-stores.schemas.js';
import { isShareTokenShape } from '../../../common/sharing.schemas.js';
import { notFound } from '../../errors.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { storesLinkPreviewRenderer } from './stores-link-preview.js';
import { presentSharedStore, presentStore, recordStoresRepository } from './record-stores.repository.js';
import { createStore, updateCoordinates, updateStore } from './record-stores.service.js';
import { errorSchema } from '../../http/error-schema.js';

const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 503: errorSchema };
const tokenParams = z.object({ token: z.string() });

/**
 * 192 bits from the system CSPRNG, base64url (32 characters), like collection share links
 * (docs/product/record-stores.md#sharing).
 */
const newShareToken = () => randomBytes(24).toString('base64url');

/**
 * Record stores (docs/product/record-stores.md): the caller's own stores, the one share link of
 * the whole list and its public read, coordinates from the geocoder, and the map configuration.
 */
export const recordStoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/record-stores',
    { preValidation: requireAccess, schema: { response: { 200: recordStoreListSchema, ...errors } } },
    async (request) => (await recordStoresRepository.list(ctx.db, currentUser(request).id)).map(presentStore),
  );

  app.post(
    '/api/record-stores',
    { preValidation: requireAccess, schema: { body: recordStoreRequestSchema, response: { 201: recordStoreSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createStore(ctx, currentUser(request).id, request.body)),
  );

  app.put(
    '/api/record-stores/:id',
    {
      preValidation: requireAccess,
      schema: {
        params: recordStoreParamsSchema,
        body: recordStoreRequestSchema,
        response: { 200: recordStoreSchema, ...errors },
      },
    },
    async (request) => updateStore(ctx, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/record-stores/:id',
    { preValidation: requireAccess, schema: { params: recordStoreParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      if (!(await recordStoresRepository.remove(ctx.db, currentUser(request).id, request.params.id)))
        throw notFound(STORE_MESSAGES.storeNotFound);
      return { message: 'Record store deleted successfully' };
    },
  );

  app.post(
    '/api/record-stores/share',
    { preValidation: requireAccess, schema: { response: { 200: storeShareResponseSchema, ...errors } } },
    async (request) => ({
      shareToken: await recordStoresRepository.enableShare(ctx.db, currentUser(request).id, newShareToken()),
    }),
  );

  app.post(
    '/api/record-stores/update-coordinates',
    {
      preValidation: requireAccess,
      schema: { body: updateCoordinatesRequestSchema, response: { 200: updateCoordinatesResponseSchema, ...errors } },
    },
    async (request) => updateCoordinates(ctx, currentUser(request).id, request.body.storeId),
  );

  app.get(
    '/api/record-stores/shared/:token',
    { schema: { params: tokenParams, response: { 200: sharedRecordStoreListSchema, 404: errorSchema } } },
    async (request, reply) => {
      // Public: nothing kept by browsers or proxies, and not for search engines.
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const { token } = request.params;
      const ownerId = isShareTokenShape(token) ? await recordStoresRepository.findShareOwner(ctx.db, token) : undefined;
      if (ownerId === undefined) throw notFound(STORE_MESSAGES.sharedNotFound);
      return (await recordStoresRepository.list(ctx.db, ownerId)).map(presentSharedStore);
    },
  );

  // Reachable whatever the subscription, and signed out (the shared page draws maps too,
  // docs/product/record-stores.md#maps).
  app.get('/api/map-config', { schema: { response: { 200: mapConfigSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return { apiKey: ctx.config.mapsApiKey ?? null, tileUrl: ctx.config.mapTileUrl, attribution: ctx.config.mapTileAttribution };
  });

  // web-app.ts creates the renderer list after every feature is registered.
  app.addHook('onReady', async () => {
    app.pageRenderers.push(storesLinkPreviewRenderer(app));
  });
};
