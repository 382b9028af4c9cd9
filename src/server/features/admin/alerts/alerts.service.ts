import type { Updateable } from 'kysely';
import {
  ALERT_MESSAGES,
  ALERT_TYPE_LABELS,
  alertText,
  isCountAlertType,
  type AlertConfig,
  type AlertDetails,
  type AlertType,
} from '../../../../common/admin-alerts.schemas.js';
import type { AppContext } from '../../../context.js';
import { provideCountThresholds, type CountedThing } from '../../../count-thresholds.js';
import { nowIso } from '../../../db/database.js';
import type { AlertConfigsTable } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../errors.js';
import { sendAlertMail } from '../../mail/mail-listeners.js';
import { alertsRepository, presentConfig, type AlertConfigRow } from './alerts.repository.js';

/**
 * How long an instance trusts its copy of the configurations when an album or collection is created.
 * A change made on this instance applies at once; one made on another instance within this time.
 */
export const CONFIG_CACHE_MS = 5_000;

interface AlertsState {
  configs?: { at: number; byType: Map<string, AlertConfigRow> };
  /** Listener work not yet done (settleAlerts waits for it: tests, and the app's close). */
  pending: Set<Promise<unknown>>;
}
const states = new WeakMap<AppContext, AlertsState>();

function stateOf(ctx: AppContext): AlertsState {
  let state = states.get(ctx);
  if (!state) {
    state = { pending: new Set() };
    states.set(ctx, state);
  }
  return state;
}

async function cachedConfigs(ctx: AppContext): Promise<Map<string, AlertConfigRow>> {
  const state = stateOf(ctx);
  if (state.configs && Date.now() - state.configs.at < CONFIG_CACHE_MS) return state.configs.byType;
  const rows = await alertsRepository.listConfigs(ctx.db);
  state.configs = { at: Date.now(), byType: new Map(rows.map((row) => [row.type, row])) };
  return state.configs.byType;
}

/** The parsed body of PUT /api/admin/alerts/config/{id} ('' recipient already null). */
export interface AlertConfigUpdateInput {
  enabled?: boolean | undefined;
  emailNotification?: boolean | undefined;
  notificationEmail?: string | null | undefined;
  threshold?: number | null | undefined;
}

const COUNTED_TYPE: Record<CountedThing, AlertType> = { albums: 'album_count', collections: 'collection_count' };

/**
 * Records one alert when its configuration is enabled (read afresh: the cache only spares the user's
 * write a query), and queues its mail when e-mail notification is on and has a recipient. The mail's
 * key is the history row's id, so it is queued once.
 */
export async function recordAlert(
  ctx: AppContext,
  type: AlertType,
  who: { userId: number | null; username: string | null },
  details: AlertDetails,
): Promise<number | null> {
  const config = await alertsRepository.findConfigByType(ctx.db, type);
  if (!config?.enabled) return null;
  const id = await alertsRepository.insertHistory(ctx.db, { type, userId: who.userId, username: who.username, details, createdAt: nowIso() });
  if (config.email_notification && config.notification_email) {
    const user = who.username ? ` User: ${who.username}.` : '';
    await sendAlertMail(ctx, {
      key: `history:${id}`,
      to: config.notification_email,
      title: ALERT_TYPE_LABELS[type],
      message: `${alertText(type, details)}${user}`,
    });
  }
  return id;
}

/**
 * Alerts come from the real events (docs/product/admin.md#alerts). Registered once per app (buildApp). A
 * listener's failure is logged by the event bus and never reaches the request that fired the event.
 */
export function registerAlertListeners(ctx: AppContext): void {
  const state = stateOf(ctx);
  const track = async (work: Promise<unknown>): Promise<void> => {
    state.pending.add(work);
    try {
      await work;
    } finally {
      state.pending.delete(work);
    }
  };

  ctx.events.on('user.registered', (e) => track(recordAlert(ctx, 'new_user', e, {})));
  ctx.events.on('subscription.activated', (e) => track(recordAlert(ctx, 'subscription_active', e, { planType: e.planType })));
  ctx.events.on('subscription.deactivated', (e) => track(recordAlert(ctx, 'subscription_inactive', e, { reason: e.reason })));
  ctx.events.on('albums.count_reached', (e) => track(recordAlert(ctx, 'album_count', e, { count: e.count })));
  ctx.events.on('collections.count_reached', (e) => track(recordAlert(ctx, 'collection_count', e, { count: e.count })));

  // The albums and collections features ask for their threshold before each create (count-thresholds.ts).
  provideCountThresholds(ctx, async (thing) => {
    const config = (await cachedConfigs(ctx)).get(COUNTED_TYPE[thing]);
    return config?.enabled && config.threshold !== null ? config.threshold : null;
  });
}

/** Waits for the alerts being recorded now (tests; the app's close, before the database goes). */
export async function settleAlerts(ctx: AppContext): Promise<void> {
  const state = stateOf(ctx);
  while (state.pending.size > 0) await Promise.allSettled([...state.pending]);
}

/**
 * PUT /api/admin/alerts/config/{id}: the fields given change, the others stay. The threshold is for
 * the count types only: a number for another type is refused (400), a null there is ignored; a count
 * type's threshold cannot be removed.
 */
export async function updateAlertConfig(ctx: AppContext, id: number, input: AlertConfigUpdateInput): Promise<AlertConfig> {
  const existing = await alertsRepository.findConfig(ctx.db, id);
  if (!existing) throw notFound(ALERT_MESSAGES.configNotFound);
  const countType = isCountAlertType(existing.type as AlertType);
  const values: Updateable<AlertConfigsTable> = {};
  if (input.enabled !== undefined) values.enabled = input.enabled ? 1 : 0;
  if (input.emailNotification !== undefined) values.email_notification = input.emailNotification ? 1 : 0;
  if (input.notificationEmail !== undefined) values.notification_email = input.notificationEmail;
  if (input.threshold !== undefined) {
    if (!countType && input.threshold !== null) throw badRequest(ALERT_MESSAGES.thresholdNotAllowed, { threshold: ALERT_MESSAGES.thresholdNotAllowed });
    if (countType && input.threshold === null) throw badRequest(ALERT_MESSAGES.thresholdRequired, { threshold: ALERT_MESSAGES.thresholdRequired });
    if (countType) values.threshold = input.threshold;
  }
  const updated = await alertsRepository.updateConfig(ctx.db, id, values);
  if (!updated) throw notFound(ALERT_MESSAGES.configNotFound);
  // This instance's creates see the change at once.
  stateOf(ctx).configs = undefined;
  return presentConfig(updated);
}
