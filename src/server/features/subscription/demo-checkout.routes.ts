import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { renderDemoCheckout, renderDemoCheckoutState } from './demo-checkout-page.js';
import { paymentProviders } from './payment-providers.js';

const FORM_LIMIT_BYTES = 1024;
const paramsSchema = z.object({ sessionId: z.string().max(100), secret: z.string().max(100) });
const actionParamsSchema = z.object({ sessionId: z.string().max(100) });
const formSchema = z.object({ secret: z.string().max(100) });

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The demo provider's checkout page (docs/product/subscription.md#providers): server-rendered, no JavaScript,
 * Pay and Cancel as form posts that redirect (303) to the app's success or cancel page. Its urlencoded form
 * parser lives in this scope only: the API keeps refusing forms (the CSRF guard of app.ts).
 */
export const demoCheckoutRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
  const providers = paymentProviders(app.ctx);
  const demo = providers.demo;
  // With Stripe configured the demo is off: its page refuses every session (no free subscriptions).
  const demoOn = !providers.stripeConfigured;
  const { publicUrl } = app.ctx.config;
  const subscriptionUrl = `${publicUrl}/subscription`;

  app.get('/demo-checkout/:sessionId/:secret', async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const page = params.success && demoOn ? await demo.pageState(params.data.sessionId, params.data.secret) : null;
    if (!page || !params.success) return sendHtml(reply, 404, renderDemoCheckoutState('not-found', subscriptionUrl));
    if (page.state !== 'open') return sendHtml(reply, page.state === 'expired' ? 410 : 409, renderDemoCheckoutState(page.state, subscriptionUrl));
    return sendHtml(reply, 200, renderDemoCheckout({ sessionId: params.data.sessionId, secret: params.data.secret, email: page.email }));
  });

  for (const outcome of ['pay', 'cancel'] as const) {
    // The form's per-session secret is the guard here (another site cannot read it), not the cookie;
    // the same-origin check of plugins/request-origin.ts applies too, as the form posts from this site.
    app.post(`/demo-checkout/:sessionId/${outcome}`, async (request, reply) => {
      const params = actionParamsSchema.safeParse(request.params);
      const form = formSchema.safeParse(request.body);
      if (!params.success || !form.success || !demoOn) return sendHtml(reply, 404, renderDemoCheckoutState('not-found', subscriptionUrl));
      const sessionId = params.data.sessionId;
      const result = await demo.complete(sessionId, form.data.secret, outcome === 'pay' ? 'paid' : 'canceled');
      if (result === 'done') {
        const target = outcome === 'pay' ? `${publicUrl}/subscription/success?session_id=${encodeURIComponent(sessionId)}` : `${publicUrl}/subscription/cancel`;
        return reply.status(303).header('cache-control', 'no-store').redirect(target, 303);
      }
      const status = result === 'not-found' ? 404 : result === 'expired' ? 410 : 409;
      return sendHtml(reply, status, renderDemoCheckoutState(result === 'open' ? 'not-found' : result, subscriptionUrl));
    });
  }
};
