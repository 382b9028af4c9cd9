import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { AppError, badRequest, notFound } from '../../errors.js';
import { paymentProviders } from './payment-providers.js';
import type { StripePaymentProvider } from './stripe-provider.js';
import { handleStripeEvent } from './stripe-webhook.service.js';
import { subscriptionRepository } from './subscription.repository.js';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/subscription/webhook: Stripe's events, verified by signature on the raw body (its own
 * JSON parser, in this scope only, keeps the bytes). Each event id is applied once.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // Signed by Stripe, sent without cookies: exempt from the same-origin check (plugins/request-origin.ts).
  app.post('/api/subscription/webhook', { config: { allowCrossOrigin: true } }, async (request, reply) => {
    const all = paymentProviders(app.ctx);
    const providers = Object.values(all.stripe).filter((provider) => provider.webhookSecret !== undefined);
    if (providers.length === 0) throw notFound('Webhooks are not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature) throw badRequest('Missing Stripe signature');
    if (!Buffer.isBuffer(request.body)) throw badRequest('Expected a JSON body');
    const raw = request.body;

    let verified: { event: Stripe.Event; provider: StripePaymentProvider } | undefined;
    for (const provider of providers) {
      try {
        verified = { event: provider.stripe.webhooks.constructEvent(raw, signature, provider.webhookSecret!), provider };
        break;
      } catch {
        // Another mode's secret may match; none matching is answered below.
      }
    }
    if (!verified) throw badRequest('Invalid webhook signature');
    const { event, provider } = verified;

    if (await subscriptionRepository.hasWebhookEvent(app.ctx.db, event.id)) return reply.send({ received: true, duplicate: true });
    // An event of the Stripe mode the site does not use changes nothing: test payments cost nothing,
    // so after the switch to live they must not activate anyone (nor live ones while in test mode).
    // Answered 200 all the same, so that Stripe does not keep resending it.
    const modeInUse = await all.mode();
    const otherMode = event.livemode !== provider.livemode || provider.mode !== modeInUse;
    try {
      const ignored = otherMode ? { ignored: `an event of Stripe's ${event.livemode ? 'live' : 'test'} mode while the site is in ${modeInUse} mode` } : await handleStripeEvent(app.ctx, provider, event);
      if (ignored) request.log[ignored.routine ? 'info' : 'warn']({ eventId: event.id, type: event.type, reason: ignored.ignored }, 'Stripe event ignored');
    } catch (error) {
      if (error instanceof AppError && error.status >= 500) throw error;
      // A 4xx here would make Stripe resend an event that can never apply: log it and accept.
      request.log.warn({ err: error, eventId: event.id, type: event.type }, 'Stripe event not applied');
    }
    await subscriptionRepository.recordWebhookEvent(app.ctx.db, event.id, event.type, new Date().toISOString());
    return reply.send({ received: true });
  });
};
