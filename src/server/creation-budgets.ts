import { sql, type Transaction } from 'kysely';
import type { Executor } from './db/database.js';
import type { Database } from './db/schema.js';
import { AppError } from './errors.js';

/**
 * Per-account creation budgets: how fast, and how much in all, one account may create of each list.
 * The numbers sit far above what a collector does by hand or with one import of a real collection, and
 * far below what a script needs to fill the database (docs/decisions.md gives the reason for each).
 * Every list that users can grow reserves here, inside the transaction that creates, so the budget
 * holds across app instances on one database and a create that fails gives its reservation back.
 */
export type BudgetKind = 'albums' | 'record-stores' | 'collections' | 'wishlist';

interface BudgetWindow {
  ms: number;
  max: number;
  /** 'requests' counts creating requests (a burst of single adds); 'items' counts what they created (an import's rows). */
  counts: 'requests' | 'items';
  /** How the message says the window: "a minute", "an hour". */
  per: string;
}

interface Budget {
  noun: string;
  windows: BudgetWindow[];
  /** Most one account may hold at once, counted in `table`. */
  ceiling: number;
  table: 'albums' | 'record_stores' | 'collections' | 'wish_items';
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const CREATION_BUDGETS: Record<BudgetKind, Budget> = {
  albums: {
    noun: 'albums',
    windows: [
      { ms: MINUTE, max: 120, counts: 'requests', per: 'a minute' },
      { ms: HOUR, max: 25_000, counts: 'items', per: 'an hour' },
    ],
    ceiling: 100_000,
    table: 'albums',
  },
  'record-stores': {
    noun: 'record stores',
    windows: [
      { ms: MINUTE, max: 20, counts: 'requests', per: 'a minute' },
      { ms: HOUR, max: 200, counts: 'items', per: 'an hour' },
    ],
    ceiling: 1_000,
    table: 'record_stores',
  },
  collections: {
    noun: 'collections',
    windows: [
      { ms: MINUTE, max: 30, counts: 'requests', per: 'a minute' },
      { ms: HOUR, max: 300, counts: 'items', per: 'an hour' },
    ],
    ceiling: 1_000,
    table: 'collections',
  },
  // A wantlist import adds a few thousand at once; nobody wants more records than they could own.
  wishlist: {
    noun: 'wish list items',
    windows: [
      { ms: MINUTE, max: 60, counts: 'requests', per: 'a minute' },
      { ms: HOUR, max: 10_000, counts: 'items', per: 'an hour' },
    ],
    ceiling: 10_000,
    table: 'wish_items',
  },
};

const number = (n: number) => n.toLocaleString('en-US');

function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export const budgetWindowMessage = (noun: string, max: number, per: string, seconds: number) =>
  `You are adding ${noun} too quickly (at most ${number(max)} ${per}). Please try again in ${waitText(seconds)}.`;

export const budgetCeilingMessage = (noun: string, ceiling: number, wouldHold: number) =>
  `An account can hold at most ${number(ceiling)} ${noun}; this would make ${number(wouldHold)}. Please delete some first.`;

/** The earliest moment the window has room for `amount` more, in whole seconds from now (at least 1). */
async function secondsUntilRoom(db: Executor, userId: number, kind: BudgetKind, window: BudgetWindow, used: number, amount: number, now: number): Promise<number> {
  const since = new Date(now - window.ms).toISOString();
  const entries = await db
    .selectFrom('creation_budget_entries')
    .select(['created_at', 'amount'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  let left = used;
  let freedAt = now + window.ms; // more than the window holds: it must empty first
  for (const entry of entries) {
    left -= window.counts === 'requests' ? 1 : Number(entry.amount);
    if (left + amount <= window.max) {
      freedAt = Date.parse(entry.created_at) + window.ms;
      break;
    }
  }
  return Math.max(1, Math.ceil((freedAt - now) / 1000));
}

/** What the user used of each window of the budget: one query, whatever the number of windows. */
async function usage(db: Executor, userId: number, kind: BudgetKind, now: number): Promise<number[]> {
  const windows = CREATION_BUDGETS[kind].windows;
  const longest = Math.max(...windows.map((w) => w.ms));
  const row = await db
    .selectFrom('creation_budget_entries')
    .select((eb) =>
      windows.map((window, i) => {
        const since = new Date(now - window.ms).toISOString();
        const counted = window.counts === 'requests' ? sql<number>`1` : sql<number>`amount`;
        return eb.fn.coalesce(eb.fn.sum<number>(sql<number>`case when created_at > ${since} then ${counted} else 0 end`), sql<number>`0`).as(`w${i}`);
      }),
    )
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>', new Date(now - longest).toISOString())
    .executeTakeFirstOrThrow();
  return windows.map((_, i) => Number((row as Record<string, unknown>)[`w${i}`]));
}

/** Throws 429 (with Retry-After for a window) when creating `amount` more of `kind` would exceed a budget. */
async function assertRoom(db: Executor, userId: number, kind: BudgetKind, amount: number, now: number): Promise<void> {
  const budget = CREATION_BUDGETS[kind];
  const used = await usage(db, userId, kind, now);
  for (const [i, window] of budget.windows.entries()) {
    const adding = window.counts === 'requests' ? 1 : amount;
    if (used[i]! + adding <= window.max) continue;
    const seconds = await secondsUntilRoom(db, userId, kind, window, used[i]!, adding, now);
    throw new AppError('RATE_LIMITED', budgetWindowMessage(budget.noun, window.max, window.per, seconds), {
      headers: { 'retry-after': String(seconds) },
      body: { retryAfterSeconds: seconds },
    });
  }
  if (amount === 0) return;
  const held = await db
    .selectFrom((qb) => qb.selectFrom(budget.table).select('id').where('user_id', '=', userId).limit(budget.ceiling + 1).as('held'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const wouldHold = Number(held.count) + amount;
  if (wouldHold > budget.ceiling) {
    // Not a matter of waiting: no Retry-After, since trying again later changes nothing.
    throw new AppError('RATE_LIMITED', budgetCeilingMessage(budget.noun, budget.ceiling, wouldHold), { body: { ceiling: budget.ceiling } });
  }
}

/**
 * A check without reservation, for work that should not start when the create would be refused
 * anyway (a record store is geocoded before it is saved). The reservation itself still decides.
 */
export function checkCreationBudget(db: Executor, userId: number, kind: BudgetKind, amount: number, now = new Date()): Promise<void> {
  return assertRoom(db, userId, kind, amount, now.getTime());
}

/**
 * Reserves one creating request that adds `amount` of `kind`, or throws 429. Call it inside the
 * transaction that creates. It first writes the user's row (to the same value): PostgreSQL then holds
 * that row's lock and SQLite its write lock until the transaction ends, so concurrent requests of one
 * user, from any instance, check and reserve one after another and exactly the budget is granted.
 */
export async function reserveCreation(trx: Transaction<Database>, userId: number, kind: BudgetKind, amount: number, now = new Date()): Promise<void> {
  await trx
    .updateTable('users')
    .set({ data_version: sql<number>`data_version` })
    .where('id', '=', userId)
    .execute();
  const at = now.getTime();
  await assertRoom(trx, userId, kind, amount, at);
  await trx.insertInto('creation_budget_entries').values({ user_id: userId, kind, amount, created_at: now.toISOString() }).execute();
  const longest = Math.max(...CREATION_BUDGETS[kind].windows.map((w) => w.ms));
  await trx
    .deleteFrom('creation_budget_entries')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '<=', new Date(at - longest).toISOString())
    .execute();
}
