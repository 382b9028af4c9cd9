import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../common/auth.schemas.js';
import {
  isShareTokenShape,
  SHARED_COLLECTION_NOT_FOUND,
  sharedAlbumsQuerySchema,
  sharedAlbumsResponseSchema,
  sharedArtistsResponseSchema,
  sharedCollectionResponseSchema,
  sharedCoverQuerySchema,
  shareResponseSchema,
} from '../../../common/sharing.schemas.js';
import { notFound } from '../../errors.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { COVER_PATH_PREFIX, storedImageName } from '../cover-art/image-cleanup.js';
import { sendStoredImage } from '../cover-art/image-response.js';
import { imagesRepository } from '../cover-art/images.repository.js';
import { linkPreviewRenderer } from './link-preview.js';
import { distinctArtists, selectSharedAlbums } from './shared-view.js';
import { sharingRepository, type SharedCollection } from './sharing.repository.js';

const COLLECTION_NOT_FOUND = 'Collection not found';

const collectionParams = z.object({
  id: z.coerce.number({ error: 'Invalid collection id' }).int('Invalid collection id').positive('Invalid collection id').max(2 ** 31 - 1, 'Invalid collection id'),
});
const tokenParams = z.object({ token: z.string() });
const coverParams = z.object({ token: z.string(), name: z.string() });

/** 192 bits from the system CSPRNG, base64url (32 characters): docs/product/sharing.md#tokens. */
const newShareToken = () => randomBytes(24).toString('base64url');

const sharedByRequest = new WeakMap<FastifyRequest, SharedCollection>();

/**
 * preValidation of every public share route: a token of the wrong shape never reaches the database,
 * and a wrong or disabled one answers 404 before the query is even looked at.
 */
function loadShared(app: Parameters<FastifyPluginAsyncZod>[0]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Disabling must take effect at once: nothing public is kept by browsers or proxies.
    void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const { token } = request.params as { token?: unknown };
    if (typeof token !== 'string' || !isShareTokenShape(token)) throw notFound(SHARED_COLLECTION_NOT_FOUND);
    const shared = await sharingRepository.findByToken(app.ctx.db, token);
    if (!shared) throw notFound(SHARED_COLLECTION_NOT_FOUND);
    sharedByRequest.set(request, shared);
  };
}

function sharedOf(request: FastifyRequest): SharedCollection {
  const shared = sharedByRequest.get(request);
  if (!shared) throw notFound(SHARED_COLLECTION_NOT_FOUND);
  return shared;
}

/**
 * Share links (docs/product/sharing.md#owner-api) and the public shared collection
 * (docs/product/sharing.md#public-api): the owner's POST/DELETE /api/collections/{id}/share, the public GET
 * /api/shared/{token}[/artists| /albums|/cover-art/{name}], and link previews of /shared/{token}.
 */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/collections/:id/share',
    { preValidation: requireAccess, schema: { params: collectionParams, response: { 200: shareResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const shareToken = await sharingRepository.enableShare(app.ctx.db, user.id, request.params.id, newShareToken());
      if (!shareToken) throw notFound(COLLECTION_NOT_FOUND);
      return reply.header('cache-control', 'no-store').send({ shareToken });
    },
  );

  app.delete(
    '/api/collections/:id/share',
    { preValidation: requireAccess, schema: { params: collectionParams, response: { 200: messageSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (!(await sharingRepository.disableShare(app.ctx.db, user.id, request.params.id))) throw notFound(COLLECTION_NOT_FOUND);
      return { message: 'Sharing disabled' };
    },
  );

  const publicRoute = { preValidation: loadShared(app) };

  app.get(
    '/api/shared/:token',
    { ...publicRoute, schema: { params: tokenParams, response: { 200: sharedCollectionResponseSchema } } },
    async (request) => {
      const shared = sharedOf(request);
      return { collection: { name: shared.name, owner: { firstName: shared.ownerFirstName, lastName: shared.ownerLastName } } };
    },
  );

  app.get(
    '/api/shared/:token/artists',
    { ...publicRoute, schema: { params: tokenParams, response: { 200: sharedArtistsResponseSchema } } },
    async (request) => {
      const albums = await sharingRepository.listAlbums(app.ctx.db, sharedOf(request).collectionId);
      return { artists: distinctArtists(albums) };
    },
  );

  app.get(
    '/api/shared/:token/albums',
    { ...publicRoute, schema: { params: tokenParams, querystring: sharedAlbumsQuerySchema, response: { 200: sharedAlbumsResponseSchema } } },
    async (request) => {
      const shared = sharedOf(request);
      const albums = await sharingRepository.listAlbums(app.ctx.db, shared.collectionId);
      return { albums: selectSharedAlbums(shared.token, albums, request.query) };
    },
  );

  app.get(
    '/api/shared/:token/cover-art/:name',
    {
      ...publicRoute,
      schema: { params: coverParams, querystring: sharedCoverQuerySchema },
      // Stored images are otherwise cached for a year; a visitor's copy must revalidate (and then
      // fail) once the link is disabled.
      onSend: async (_request, reply, payload) => {
        void reply.header('cache-control', 'no-cache');
        return payload;
      },
    },
    async (request, reply) => {
      const shared = sharedOf(request);
      const coverUrl = `${COVER_PATH_PREFIX}${request.params.name}`;
      const name = storedImageName(coverUrl);
      // Only an image of the owner that an album of THIS collection shows; nothing else is public.
      if (!name || !(await sharingRepository.collectionUsesCover(app.ctx.db, shared.collectionId, coverUrl))) {
        throw notFound('Image not found');
      }
      const image = await imagesRepository.findByName(app.ctx.db, name);
      if (!image || image.user_id !== shared.ownerId) throw notFound('Image not found');
      return sendStoredImage(request, reply, image, request.query.size);
    },
  );

  // web-app.ts creates the renderer list after every feature is registered.
  app.addHook('onReady', async () => {
    app.pageRenderers.push(linkPreviewRenderer(app));
  });
};
