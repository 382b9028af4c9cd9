import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activationResponseSchema,
  CANCEL_SUCCESS_TEXT,
  checkoutRequestSchema,
  checkoutResponseSchema,
  directUpdateRequestSchema,
  subscriptionInfoSchema,
} from '../../../common/subscription.schemas.js';
import type { UserRow } from '../../db/schema.js';
import { unauthorized } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/guards.js';
import { demoCheckoutRoutes } from './demo-checkout.routes.js';
import { activateFromCheckout, cancelSubscription, currentProviderSummary, forceActive, presentSubscription, startCheckout } from './subscription.service.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';
import { errorSchema } from '../../http/error-schema.js';

/** A signed-out subscribe is told 'You need to be logged in to subscribe' (docs/product/subscription.md#api). */
async function requireUserToSubscribe(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized('You need to be logged in to subscribe');
}

async function activationBody(app: FastifyInstance, user: UserRow, message: string) {
  const provider = await currentProviderSummary(app.ctx);
  return { success: true as const, message, subscriptionStatus: presentSubscription(user, provider).status, subscription: presentSubscription(user, provider) };
}

/**
 * /api/subscription/* (docs/product/subscription.md#api: reachable whatever the subscription), the Stripe
 * webhook and the demo checkout page (docs/product/subscription.md#providers).
 */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscription',
    { preValidation: requireUser, schema: { response: { 200: subscriptionInfoSchema, 401: errorSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return presentSubscription(currentUser(request), await currentProviderSummary(app.ctx));
    },
  );

  app.post(
    '/api/subscription/checkout',
    { preValidation: requireUserToSubscribe, config: { signedIn: true }, schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema } } },
    async (request) => startCheckout(app.ctx, currentUser(request)),
  );

  app.post(
    '/api/subscription/direct-update',
    { preValidation: requireUser, schema: { body: directUpdateRequestSchema, response: { 200: activationResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema } } },
    async (request) => {
      const user = await activateFromCheckout(app.ctx, currentUser(request), request.body.sessionId);
      return activationBody(app, user, 'Subscription activated successfully');
    },
  );

  // Force-active is sent with a JSON content type and no payload, cancel with no body at all
  // (docs/product/subscription.md#api).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body.trim() : '';
      if (!text) return done(null, {});
      try {
        done(null, JSON.parse(text) as unknown);
      } catch {
        const error = new SyntaxError('Malformed JSON in request body') as SyntaxError & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    });

    scope.post(
      '/api/subscription/force-active',
      { preValidation: requireUser, schema: { response: { 200: activationResponseSchema, 400: errorSchema, 401: errorSchema } } },
      async (request) => {
        const user = await forceActive(app.ctx, currentUser(request));
        return activationBody(app, user, 'Subscription is active');
      },
    );

    scope.post('/api/subscription/cancel', { preValidation: requireUser }, async (request, reply) => {
      await cancelSubscription(app.ctx, currentUser(request));
      return reply.type('text/plain; charset=utf-8').send(CANCEL_SUCCESS_TEXT);
    });
  });

  await app.register(stripeWebhookRoutes);
  await app.register(demoCheckoutRoutes);
};
