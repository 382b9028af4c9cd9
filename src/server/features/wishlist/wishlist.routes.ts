import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { albumSchema } from '../../../common/albums.schemas.js';
import { messageSchema } from '../../../common/auth.schemas.js';
import { isShareTokenShape } from '../../../common/sharing.schemas.js';
import {
  acquiredRequestSchema,
  ownedConflictSchema,
  sharedWishListSchema,
  wishListSchema,
  WISHLIST_MESSAGES,
  wishParamsSchema,
  wishRequestSchema,
  wishSchema,
  wishShareResponseSchema,
} from '../../../common/wishlist.schemas.js';
import { notFound } from '../../errors.js';
import { errorSchema } from '../../http/error-schema.js';
import { currentUser, requireAccess } from '../../plugins/guards.js';
import { giftListRoutes } from './gift-list.routes.js';
import { presentSharedWish, wishlistRepository } from './wishlist.repository.js';
import { acquireWish, createWish, deleteWish, getWish, listWishes, updateWish } from './wishlist.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 402: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const tokenParams = z.object({ token: z.string() });

/** 192 bits from the system CSPRNG, base64url (32 characters), like collection share links. */
const newShareToken = () => randomBytes(24).toString('base64url');

/** The wish list (docs/product/wishlist.md): the caller's own items, Got it, and the gift list. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/wishlist',
    { preValidation: requireAccess, schema: { response: { 200: wishListSchema, ...errors } } },
    async (request) => listWishes(ctx, currentUser(request).id),
  );

  app.post(
    '/api/wishlist',
    {
      preValidation: requireAccess,
      schema: { body: wishRequestSchema, response: { 201: wishSchema, ...errors, 409: ownedConflictSchema.loose() } },
    },
    async (request, reply) => reply.status(201).send(await createWish(ctx, currentUser(request), request.body)),
  );

  app.post(
    '/api/wishlist/share',
    { preValidation: requireAccess, schema: { response: { 200: wishShareResponseSchema, ...errors } } },
    async (request) => ({ shareToken: await wishlistRepository.enableShare(ctx.db, currentUser(request).id, newShareToken()) }),
  );

  app.delete(
    '/api/wishlist/share',
    { preValidation: requireAccess, schema: { response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await wishlistRepository.disableShare(ctx.db, currentUser(request).id);
      return { message: WISHLIST_MESSAGES.shareDisabled };
    },
  );

  app.get(
    '/api/wishlist/shared/:token',
    { schema: { params: tokenParams, response: { 200: sharedWishListSchema, 404: errorSchema } } },
    async (request, reply) => {
      // Public: nothing kept by browsers or proxies (a disabled link must 404 at once), not for search engines.
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const { token } = request.params;
      const ownerId = isShareTokenShape(token) ? await wishlistRepository.findShareOwner(ctx.db, token) : undefined;
      if (ownerId === undefined) throw notFound(WISHLIST_MESSAGES.sharedNotFound);
      return (await wishlistRepository.list(ctx.db, ownerId)).map((row) => presentSharedWish(row, token));
    },
  );

  // The gift list's stored covers and its link previews.
  await app.register(giftListRoutes);

  app.get(
    '/api/wishlist/:id',
    { preValidation: requireAccess, schema: { params: wishParamsSchema, response: { 200: wishSchema, ...errors } } },
    async (request) => getWish(ctx, currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/wishlist/:id',
    { preValidation: requireAccess, schema: { params: wishParamsSchema, body: wishRequestSchema, response: { 200: wishSchema, ...errors } } },
    async (request) => updateWish(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/wishlist/:id',
    { preValidation: requireAccess, schema: { params: wishParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await deleteWish(ctx, currentUser(request), request.params.id);
      return { message: WISHLIST_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/wishlist/:id/acquired',
    {
      preValidation: requireAccess,
      schema: { params: wishParamsSchema, body: acquiredRequestSchema, response: { 201: albumSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await acquireWish(ctx, currentUser(request), request.params.id, request.body)),
  );
};
