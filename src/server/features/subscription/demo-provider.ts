import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { usersRepository } from '../users/users.repository.js';
import { oneYearAfter, type CreatedCheckout, type PaymentProvider, type ProviderCheckout, type ProviderSubscription } from './payment-provider.js';
import { subscriptionRepository as repo } from './subscription.repository.js';

/**
 * A demo checkout session is single use and lives 24 hours (docs/product/subscription.md#providers), like a
 * hosted checkout.
 */
export const DEMO_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const token = (bytes: number) => randomBytes(bytes).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Where the demo checkout page of a session lives; the secret in the path is what the form carries. */
export const demoCheckoutPath = (sessionId: string, secret: string) => `/demo-checkout/${encodeURIComponent(sessionId)}/${encodeURIComponent(secret)}`;

export type DemoPageState = 'open' | 'paid' | 'canceled' | 'expired';

/**
 * The built-in demo provider (docs/product/subscription.md#providers): sessions and subscriptions kept in
 * the database and read back exactly as Stripe's would be, so activation goes through the same checks
 * (docs/product/subscription.md#activation).
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly key = 'demo' as const;
  readonly kind = 'demo' as const;
  readonly testMode = true;

  constructor(private readonly ctx: AppContext) {}

  /** The trial end is read when the customer pays (complete()), where the paid year is set. */
  async createCheckout(user: UserRow): Promise<CreatedCheckout> {
    const id = `cs_demo_${token(24)}`;
    const secret = token(32);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + DEMO_SESSION_TTL_MS).toISOString();
    await repo.insertCheckout(this.ctx.db, {
      id,
      user_id: user.id,
      provider: 'demo',
      status: 'open',
      created_at: now.toISOString(),
      paid_at: null,
      expires_at: expiresAt,
      secret_hash: sha256(secret),
      provider_subscription_id: null,
      mode: null,
    });
    return { id, url: `${this.ctx.config.publicUrl}${demoCheckoutPath(id, secret)}`, customerId: null, expiresAt };
  }

  async retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null> {
    const row = await repo.findCheckout(this.ctx.db, sessionId);
    if (!row || row.provider !== 'demo') return null;
    return {
      id: row.id,
      userId: row.user_id,
      paid: row.status === 'paid',
      expired: row.status === 'open' && (row.expires_at === null || Date.parse(row.expires_at) <= Date.now()),
      subscriptionId: row.provider_subscription_id,
      customerId: null,
      livemode: false,
      // The page address holds a secret kept only as a hash: reopen() issues a fresh one.
      url: null,
    };
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const row = await repo.findDemoSubscription(this.ctx.db, subscriptionId);
    if (!row) return null;
    return {
      id: row.id,
      status: row.status === 'active' ? 'active' : 'canceled',
      currentPeriodStart: row.current_period_start,
      currentPeriodEnd: row.current_period_end,
      customerId: null,
      createdAt: row.created_at,
      priceId: null,
      livemode: false,
    };
  }

  async cancelSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    await repo.cancelDemoSubscription(this.ctx.db, subscriptionId, new Date().toISOString());
    return this.retrieveSubscription(subscriptionId);
  }

  /**
   * The page address of a user's open session, with a new form secret (the old address stops
   * working): the stored hash cannot give the old secret back. Null when it was used or expired.
   */
  async reopen(sessionId: string): Promise<string | null> {
    const secret = token(32);
    const reopened = await repo.replaceOpenCheckoutSecret(this.ctx.db, sessionId, sha256(secret), new Date().toISOString());
    return reopened ? `${this.ctx.config.publicUrl}${demoCheckoutPath(sessionId, secret)}` : null;
  }

  /** What the checkout page shows for a session and secret; null when either is wrong. */
  async pageState(sessionId: string, secret: string): Promise<{ state: DemoPageState; email: string | null; userId: number; trialEnd: Date | null } | null> {
    const row = await repo.findCheckout(this.ctx.db, sessionId);
    if (!row || row.provider !== 'demo' || !row.secret_hash || !secretMatches(secret, row.secret_hash)) return null;
    const user = await usersRepository.findById(this.ctx.db, row.user_id);
    const expired = row.status === 'open' && (row.expires_at === null || Date.parse(row.expires_at) <= Date.now());
    const trialEnd = user?.subscription_status === 'trialing' && user.trial_end_date ? new Date(user.trial_end_date) : null;
    return { state: expired ? 'expired' : (row.status as DemoPageState), email: user?.email ?? null, userId: row.user_id, trialEnd };
  }

  /**
   * Pay or cancel from the checkout page: only with the session's form secret, only once, only before
   * it expires. Paying starts a one-year subscription, as Stripe would; paid during the trial, the
   * year starts when the trial ends, so the collector keeps the trial's days.
   */
  async complete(sessionId: string, secret: string, outcome: 'paid' | 'canceled'): Promise<'done' | 'not-found' | DemoPageState> {
    const page = await this.pageState(sessionId, secret);
    if (!page) return 'not-found';
    if (page.state !== 'open') return page.state;
    const now = new Date();
    const nowIso = now.toISOString();
    const paidFrom = page.trialEnd && page.trialEnd.getTime() > now.getTime() ? page.trialEnd : now;
    const closed = await this.ctx.db.transaction().execute(async (trx) => {
      const subscriptionId = outcome === 'paid' ? `sub_demo_${token(18)}` : null;
      if (!(await repo.closeOpenCheckout(trx, sessionId, outcome, nowIso, subscriptionId))) return false;
      if (subscriptionId) {
        await repo.insertDemoSubscription(trx, {
          id: subscriptionId,
          user_id: page.userId,
          status: 'active',
          current_period_start: paidFrom.toISOString(),
          current_period_end: oneYearAfter(paidFrom).toISOString(),
          created_at: nowIso,
        });
      }
      return true;
    });
    if (closed) return 'done';
    // Used or expired between the read and the update (a double press): report what it now is.
    return (await this.pageState(sessionId, secret))?.state ?? 'not-found';
  }
}

function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
