import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API endpoints the app uses, answering in Stripe's JSON formats
 * (form-encoded requests, `{error: {type, code, message}}` errors): customers create; prices list by
 * lookup_key and create; checkout sessions create and retrieve; subscriptions retrieve and cancel.
 * The test plays the customer with completeCheckout() and moves subscriptions with setSubscription().
 * Objects carry `livemode` from the key that made them (sk_live_… or not), as Stripe's do; a session
 * made with subscription_data[trial_end] completes into a 'trialing' subscription until that moment.
 */

export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  requests: StripeRequest[];
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** The customer pays the session: it completes and gets an active yearly subscription. */
  completeCheckout(sessionId: string): Json;
  setSubscription(subscriptionId: string, status: string): Json;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const YEAR_S = 365 * 86_400;

function list(url: string, data: Json[]): Json {
  return { object: 'list', data, has_more: false, url };
}

function notFound(kind: string, key: string): [number, Json] {
  return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${key}'`, param: 'id' } }];
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();

  function route(method: string, path: string, query: URLSearchParams, form: Record<string, string>, livemode: boolean): [number, Json] {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.email ?? null, metadata: { userId: form['metadata[userId]'] }, created: now(), livemode };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = query.getAll('lookup_keys[0]').concat(query.getAll('lookup_keys[]'));
      const found = [...prices.values()].filter((price) => keys.includes(price.lookup_key as string) && price.active);
      return [200, list('/v1/prices', found)];
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        currency: form.currency,
        unit_amount: Number(form.unit_amount),
        recurring: { interval: form['recurring[interval]'], interval_count: 1 },
        lookup_key: form.lookup_key ?? null,
        product: id('prod'),
        type: 'recurring',
        livemode,
      };
      prices.set(price.id, price);
      return [200, price];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        line_items_price: form['line_items[0][price]'],
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        expires_at: now() + 86_400,
        livemode,
        trial_end: form['subscription_data[trial_end]'] ? Number(form['subscription_data[trial_end]']) : null,
      };
      sessions.set(sessionId, session);
      return [200, session];
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      return session ? [200, session] : notFound('checkout.session', match[1]!);
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const key = decodeURIComponent(match[1]!);
      const subscription = subscriptions.get(key);
      if (!subscription) return notFound('subscription', key);
      if (method === 'GET') return [200, subscription];
      if (method === 'DELETE') return [200, setSubscription(key, 'canceled')];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  function setSubscription(subscriptionId: string, status: string): Json {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.status = status;
    if (status === 'canceled') subscription.canceled_at = now();
    return subscription;
  }

  function completeCheckout(sessionId: string): Json {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const start = now();
    const subscriptionId = id('sub');
    const trialEnd = typeof session.trial_end === 'number' ? session.trial_end : null;
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      status: trialEnd ? 'trialing' : 'active',
      customer: session.customer,
      created: start,
      livemode: session.livemode,
      trial_end: trialEnd,
      items: list(`/v1/subscription_items?subscription=${subscriptionId}`, [
        { id: id('si'), object: 'subscription_item', current_period_start: start, current_period_end: trialEnd ?? start + YEAR_S, price: prices.get(session.line_items_price as string) ?? null, quantity: 1 },
      ]),
    };
    subscriptions.set(subscriptionId, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscriptionId });
    return session;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.stripe');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const idempotencyKey = request.headers['idempotency-key'];
      requests.push({ method: request.method ?? 'GET', path: url.pathname, form, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined });
      const livemode = (request.headers.authorization ?? '').startsWith('Bearer sk_live_');
      const [status, body] = route(request.method ?? 'GET', url.pathname, url.searchParams, form, livemode);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    prices,
    sessions,
    subscriptions,
    completeCheckout,
    setSubscription,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
