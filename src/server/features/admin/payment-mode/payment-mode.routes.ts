import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_MODE_MESSAGES,
  PAYMENT_MODE_PROVIDER,
  paymentModeParamsSchema,
  paymentModeRequestSchema,
  paymentModeSchema,
} from '../../../../common/admin-payment-mode.schemas.js';
import { notFound } from '../../../errors.js';
import { paymentModeInfo, setPaymentMode } from './payment-mode.service.js';
import { errorSchema } from '../../../http/error-schema.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** preValidation: an unknown provider is 404 whatever the body (a bad body for a real provider is 400). */
async function knownProvider(request: FastifyRequest): Promise<void> {
  const { provider } = request.params as { provider?: string };
  if (provider !== PAYMENT_MODE_PROVIDER) throw notFound(PAYMENT_MODE_MESSAGES.unknownProvider);
}

/**
 * Payment mode (docs/product/admin.md#payments): GET/PUT /api/admin/:provider/mode, test or live; 'stripe'
 * is the only provider. Registered inside the guarded admin scope (admin.routes.ts).
 */
export const paymentModeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:provider/mode',
    {
      preValidation: knownProvider,
      schema: { params: paymentModeParamsSchema, response: { 200: paymentModeSchema, ...errors } },
    },
    async () => paymentModeInfo(ctx),
  );

  app.put(
    '/:provider/mode',
    {
      preValidation: knownProvider,
      schema: {
        params: paymentModeParamsSchema,
        body: paymentModeRequestSchema,
        response: { 200: paymentModeSchema, ...errors },
      },
    },
    async (request) => setPaymentMode(ctx, request.body.mode),
  );
};
