import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedCoverQuerySchema, isShareTokenShape } from '../../../common/sharing.schemas.js';
import { WISHLIST_MESSAGES } from '../../../common/wishlist.schemas.js';
import { notFound } from '../../errors.js';
import { COVER_PATH_PREFIX, storedImageName } from '../cover-art/image-cleanup.js';
import { sendStoredImage } from '../cover-art/image-response.js';
import { imagesRepository } from '../cover-art/images.repository.js';
import { giftListPreviewRenderer } from './gift-list-link-preview.js';
import { wishlistRepository } from './wishlist.repository.js';

const coverParams = z.object({ token: z.string(), name: z.string() });

/**
 * The gift list's public extras (docs/product/wishlist.md#gift-list): the stored covers its wishes show,
 * and the link previews of /wishlist/shared/{token}.
 */
export const giftListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/wishlist/shared/:token/cover-art/:name',
    {
      schema: { params: coverParams, querystring: sharedCoverQuerySchema },
      // Stored images are otherwise cached for a year; a visitor's copy must revalidate (and then
      // fail) once the link is disabled.
      onSend: async (_request, reply, payload) => {
        void reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex');
        return payload;
      },
    },
    async (request, reply) => {
      const { token, name: requested } = request.params;
      const ownerId = isShareTokenShape(token) ? await wishlistRepository.findShareOwner(ctx.db, token) : undefined;
      if (ownerId === undefined) throw notFound(WISHLIST_MESSAGES.sharedNotFound);
      const coverUrl = `${COVER_PATH_PREFIX}${requested}`;
      const name = storedImageName(coverUrl);
      // Only an image of the owner that one of their wishes shows; nothing else becomes public.
      if (!name || !(await wishlistRepository.usesCover(ctx.db, ownerId, coverUrl))) throw notFound('Image not found');
      const image = await imagesRepository.findByName(ctx.db, name);
      if (!image || image.user_id !== ownerId) throw notFound('Image not found');
      return sendStoredImage(request, reply, image, request.query.size);
    },
  );

  // web-app.ts creates the renderer list after every feature is registered.
  app.addHook('onReady', async () => {
    app.pageRenderers.push(giftListPreviewRenderer(app));
  });
};
