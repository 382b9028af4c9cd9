import type { Executor } from '../../db/database.js';
import type { CheckoutSessionRow } from '../../db/schema.js';

/** checkout_sessions, demo_subscriptions and webhook_events (the payment mode is in db/settings.repository.ts). */
export const subscriptionRepository = {
  insertCheckout(db: Executor, row: CheckoutSessionRow) {
    return db.insertInto('checkout_sessions').values(row).execute();
  },

  findCheckout(db: Executor, id: string) {
    return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findUserCheckout(db: Executor, userId: number, id: string) {
    return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  },

  /** The user's latest checkout sessions, newest first. */
  recentUserCheckouts(db: Executor, userId: number, limit: number) {
    return db.selectFrom('checkout_sessions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
  },

  /** Moves an open, unexpired session on; false when it was used or expired meanwhile (single use). */
  async closeOpenCheckout(db: Executor, id: string, status: 'paid' | 'canceled', now: string, subscriptionId: string | null): Promise<boolean> {
    const result = await db
      .updateTable('checkout_sessions')
      .set({ status, ...(status === 'paid' ? { paid_at: now, provider_subscription_id: subscriptionId } : {}) })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** A new form secret for a still open, unexpired demo session; false when it was used or expired. */
  async replaceOpenCheckoutSecret(db: Executor, id: string, secretHash: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('checkout_sessions')
      .set({ secret_hash: secretHash })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** The user's newest open session of one provider and mode that stays open past `until`. */
  findOpenCheckout(db: Executor, userId: number, provider: 'demo' | 'stripe', mode: string | null, until: string) {
    let query = db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .where('status', '=', 'open')
      .where('expires_at', '>', until);
    query = mode === null ? query.where('mode', 'is', null) : query.where('mode', '=', mode);
    return query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  },

  setCheckoutStatus(db: Executor, id: string, status: 'paid' | 'expired' | 'canceled') {
    return db.updateTable('checkout_sessions').set({ status }).where('id', '=', id).where('status', '=', 'open').execute();
  },

  /** Marks a checkout paid on the provider's word (its webhook), whatever its state here. */
  async markCheckoutPaid(db: Executor, id: string, subscriptionId: string, now: string): Promise<void> {
    await db.updateTable('checkout_sessions').set({ status: 'paid', paid_at: now, provider_subscription_id: subscriptionId }).where('id', '=', id).execute();
  },

  /** Whether one of the user's checkouts led to this provider subscription. */
  async hasUserCheckoutOfSubscription(db: Executor, userId: number, subscriptionId: string): Promise<boolean> {
    const row = await db.selectFrom('checkout_sessions').select('id').where('user_id', '=', userId).where('provider_subscription_id', '=', subscriptionId).executeTakeFirst();
    return row !== undefined;
  },

  setCheckoutSubscription(db: Executor, id: string, subscriptionId: string) {
    return db.updateTable('checkout_sessions').set({ provider_subscription_id: subscriptionId }).where('id', '=', id).execute();
  },

  insertDemoSubscription(db: Executor, row: { id: string; user_id: number; status: string; current_period_start: string; current_period_end: string; created_at: string }) {
    return db.insertInto('demo_subscriptions').values({ ...row, canceled_at: null }).execute();
  },

  findDemoSubscription(db: Executor, id: string) {
    return db.selectFrom('demo_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  cancelDemoSubscription(db: Executor, id: string, now: string) {
    return db.updateTable('demo_subscriptions').set({ status: 'canceled', canceled_at: now }).where('id', '=', id).where('status', '!=', 'canceled').execute();
  },

  async hasWebhookEvent(db: Executor, id: string): Promise<boolean> {
    return (await db.selectFrom('webhook_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /** Stores an event id; false when it was already stored (a resend, or a concurrent delivery). */
  async recordWebhookEvent(db: Executor, id: string, type: string, now: string): Promise<boolean> {
    const result = await db
      .insertInto('webhook_events')
      .values({ id, type, received_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  },
};
