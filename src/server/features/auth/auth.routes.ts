import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  messageSchema,
  paymentRequiredSchema,
  registerRequestSchema,
  userSchema,
} from '../../../common/auth.schemas.js';
import { forceLogoutRequestSchema, forceLogoutResponseSchema } from '../../../common/subscription.schemas.js';
import { badRequest } from '../../errors.js';
import { currentUser, paymentRequired, paymentRequiredBody, userAccess } from '../../plugins/guards.js';
import { endSession, startSession } from '../../plugins/sessions.js';
import { presentUser } from '../users/user.presenter.js';
import { authenticate, registerUser } from './auth.service.js';
import { errorSchema } from '../../http/error-schema.js';

/** POST /api/register, POST /api/login, POST /api/logout, GET /api/user (docs/product/auth.md). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/register',
    { schema: { body: registerRequestSchema, response: { 201: userSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      const user = await registerUser(app.ctx, {
        username: request.body.username,
        password: request.body.password,
        firstName: request.body.firstName,
        lastName: request.body.lastName,
      }, request.ip);
      await startSession(app, reply, user.id);
      return reply.status(201).send(presentUser(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      const user = await authenticate(app.ctx, request.body.username, request.body.password, request.ip);
      // A fresh id at every login (no session fixation); the old one, if any, ends.
      await endSession(app, request, reply);
      await startSession(app, reply, user.id);
      const gated = userAccess(user) === 'gated';
      return reply.send({
        user: presentUser(user),
        message: gated ? paymentRequiredBody(user).message : 'Login successful',
        subscription_required: gated,
      });
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    await endSession(app, request, reply);
    return reply.send({ message: 'Logged out successfully' });
  });

  // After payment the client signs out and goes to the auth page with subscription_activated
  // (docs/product/subscription.md#after-payment).
  app.post(
    '/api/auth/force-logout',
    { schema: { body: forceLogoutRequestSchema, response: { 200: forceLogoutResponseSchema, 400: errorSchema } } },
    async (request, reply) => {
      const redirectUrl = sameOriginPath(request.body.redirectUrl ?? '/auth', app.ctx.config.publicUrl);
      if (redirectUrl === null) throw badRequest('The redirect must be a path on this site', { redirectUrl: 'The redirect must be a path on this site' });
      await endSession(app, request, reply);
      return reply.send({ message: 'Logged out successfully', redirectUrl });
    },
  );

  app.get(
    '/api/user',
    // Checked in the handler (the hot path: no guard hook); the OpenAPI document needs telling.
    { config: { signedIn: true }, schema: { response: { 200: userSchema, 401: errorSchema, 402: paymentRequiredSchema.loose() } } },
    async (request, reply) => {
      const user = currentUser(request);
      if (userAccess(user) === 'gated') throw paymentRequired(user);
      void reply.header('cache-control', 'no-store');
      return presentUser(user);
    },
  );
};

/**
 * A same-origin path (with its query and fragment), or null: never an open redirect. Refuses absolute
 * URLs, protocol-relative ones (`//evil.example`), backslash tricks (`/\evil`) and control characters.
 */
export function sameOriginPath(value: string, publicUrl: string): string | null {
  const control = [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || control) return null;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can resolve to `//host` (`/..//evil.example`): what goes back must be a plain path too.
  if (url.origin !== base.origin || path.startsWith('//')) return null;
  return path;
}
