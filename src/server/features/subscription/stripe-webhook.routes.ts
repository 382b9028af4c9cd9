import type { FastifyPluginAsync } from 'fastify';

/** Filled in with the Stripe provider (next step). */
export const stripeWebhookRoutes: FastifyPluginAsync = async () => {};
