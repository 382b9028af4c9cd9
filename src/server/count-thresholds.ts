import type { AppContext } from './context.js';

/**
 * A number of albums or collections per user that some feature wants to hear about (the admin
 * alerts, docs/product/admin.md#alerts), without the albums and collections features knowing who listens:
 * features talk through events, so none imports another.
 *
 * How a write uses it: it asks `countThreshold` BEFORE its transaction (no query when the answer is
 * cached by the provider), and, when there is one, counts the user's rows inside its transaction,
 * after its insert. Every collection or album write bumps the user's data version first
 * (db/data-version.ts), which on PostgreSQL locks the user's row until commit and on SQLite is
 * one writer at a time: so that count is exact, and two concurrent writes can never both see
 * themselves crossing. After the commit it publishes '<thing>.count_reached' once.
 */
export type CountedThing = 'albums' | 'collections';
type ThresholdSource = (thing: CountedThing) => Promise<number | null>;

const sources = new WeakMap<AppContext, ThresholdSource>();

/** Registers the one source of thresholds for this app (admin alerts). */
export function provideCountThresholds(ctx: AppContext, source: ThresholdSource): void {
  sources.set(ctx, source);
}

/** The threshold to watch, or null: nobody listens, it is disabled, or it could not be read (the write goes on). */
export async function countThreshold(ctx: AppContext, thing: CountedThing): Promise<number | null> {
  const source = sources.get(ctx);
  if (!source) return null;
  try {
    return await source(thing);
  } catch (error) {
    ctx.log.warn({ err: error, thing }, 'count threshold could not be read');
    return null;
  }
}

/** Whether a write that added `added` rows and left `after` took the count from below `threshold` to at or above it. */
export const crossesThreshold = (threshold: number, after: number, added: number): boolean => after >= threshold && after - added < threshold;

/**
 * Inside the write's transaction, after its insert: the user's count when this write crossed the
 * threshold, else null. One count query, and only when a threshold is watched. `count(limit)` may stop
 * at `limit` = threshold + added: a user with more rows than that had reached the threshold before this
 * write, and below it the count is exact, so a user with 10,000 albums never costs 10,000 index entries.
 */
export async function countIfCrossed(
  threshold: number | null,
  added: number,
  count: (limit: number) => Promise<number>,
): Promise<number | null> {
  if (threshold === null) return null;
  const after = await count(threshold + added);
  return crossesThreshold(threshold, after, added) ? after : null;
}
