import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../common/auth.schemas.js';
import {
  FORGOT_PASSWORD_MESSAGE,
  INVALID_RESET_TOKEN_MESSAGE,
  RESET_DONE_MESSAGE,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyResetTokenQuerySchema,
  verifyResetTokenResponseSchema,
} from '../../../common/password-reset.schemas.js';
import { isResetTokenUsable, requestPasswordReset, resetPassword } from './password-reset.service.js';
import { errorSchema } from '../../http/error-schema.js';

/**
 * POST /api/auth/forgot-password, GET /api/auth/verify-reset-token, POST /api/auth/reset-password
 * (docs/product/password-reset.md).
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordRequestSchema, response: { 200: messageSchema, 400: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      // The account's work starts once the answer has gone (or the client has left), never before it.
      const afterResponse = (run: () => void) => {
        let ran = false;
        const once = () => {
          if (ran) return;
          ran = true;
          setImmediate(run);
        };
        reply.raw.once('finish', once);
        reply.raw.once('close', once);
      };
      await requestPasswordReset(app.ctx, request.body.email, request.ip, afterResponse);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.get(
    '/api/auth/verify-reset-token',
    { schema: { querystring: verifyResetTokenQuerySchema, response: { 200: verifyResetTokenResponseSchema, 400: errorSchema } } },
    async (request) => {
      if (await isResetTokenUsable(app.ctx, request.query.token)) return { valid: true as const };
      return { valid: false as const, message: INVALID_RESET_TOKEN_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: { 200: messageSchema, 400: errorSchema } } },
    async (request) => {
      await resetPassword(app.ctx, request.body.token, request.body.password);
      return { message: RESET_DONE_MESSAGE };
    },
  );
};
