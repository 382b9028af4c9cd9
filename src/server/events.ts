import type { FastifyBaseLogger } from 'fastify';

/**
 * What features announce to each other, so none imports another: subscription publishes, mail and alerts subscribe.
 * Payloads carry what a listener needs without reading the database again.
 */
export interface AppEvents {
  /** A subscription became active (checkout paid, invoice paid, admin). */
  'subscription.activated': { userId: number; username: string; email: string | null; planType: string; provider: string };
  /** An active subscription stopped: canceled, deleted, payment failed. */
  'subscription.deactivated': { userId: number; username: string; email: string | null; reason: string };
  /** A renewal payment failed (the subscription is past_due). */
  'subscription.payment_failed': { userId: number; username: string; email: string | null };
  /** The trial ends within 3 days (fired once per user). */
  'trial.ending': { userId: number; username: string; email: string | null; trialEndDate: string; daysLeft: number };
  /** The trial has ended (fired once per user, at the first call after its end). */
  'trial.ended': { userId: number; username: string; email: string | null; trialEndDate: string };
  /** A new account was registered (auth; not the start-up administrator). */
  'user.registered': { userId: number; username: string; email: string | null };
  /** A user's number of albums went from below the watched threshold to `count`, at or above it (count-thresholds.ts). */
  'albums.count_reached': { userId: number; username: string; count: number };
  /** The same for collections. */
  'collections.count_reached': { userId: number; username: string; count: number };
}

export type EventName = keyof AppEvents;
type Listener<E extends EventName> = (payload: AppEvents[E]) => void | Promise<void>;

/** One small typed emitter. A listener's error or rejection is logged, never thrown at the emitter. */
export class AppEventBus {
  private readonly listeners = new Map<EventName, Listener<never>[]>();
  /** Usernames whose events reach no listener (the test runner's throwaway account, see quiet()). */
  private readonly quietUsernames = new Set<string>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    const list = (this.listeners.get(event) ?? []) as Listener<E>[];
    list.push(listener);
    this.listeners.set(event, list);
    return () => {
      const index = list.indexOf(listener);
      if (index >= 0) list.splice(index, 1);
    };
  }

  /**
   * Until the returned function is called, events about this username reach no listener: the built-in
   * test runner's throwaway account (docs/product/admin.md#testing) must not raise alerts or send mail meant
   * for real users.
   */
  quiet(username: string): () => void {
    this.quietUsernames.add(username);
    return () => {
      this.quietUsernames.delete(username);
    };
  }

  /** Calls every listener; returns once they have all settled (callers need not wait). */
  emit<E extends EventName>(event: E, payload: AppEvents[E]): Promise<void> {
    const username = (payload as { username?: unknown }).username;
    if (typeof username === 'string' && this.quietUsernames.has(username)) return Promise.resolve();
    const list = [...((this.listeners.get(event) ?? []) as Listener<E>[])];
    const runs = list.map(async (listener) => {
      try {
        await listener(payload);
      } catch (error) {
        this.log.error({ err: error, event }, 'event listener failed');
      }
    });
    return Promise.all(runs).then(() => undefined);
  }
}
