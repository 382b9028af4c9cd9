import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { userAnswer } from './auth.routes.js';

const NOON = Date.parse('2026-11-28T12:00:00.000Z');

const row = (overrides: Partial<UserRow> = {}): UserRow =>
  ({
    id: 7,
    username: 'kept@example.com',
    email: 'kept@example.com',
    password_hash: 'x',
    first_name: 'Kept',
    last_name: 'Answer',
    created_at: '2026-11-01T00:00:00.000Z',
    is_admin: 0,
    account_status: 'active',
    subscription_status: 'trialing',
    trial_end_date: '2026-12-20T00:00:00.000Z',
    has_had_paid_subscription: 0,
    stripe_customer_id: null,
    loan_reminder_days: 30,
    ...overrides,
  }) as UserRow;

/** The answer's body as the route writes it (JSON of the presented user). */
const serialize = (body: unknown) => Buffer.from(JSON.stringify(body));
const parsed = (body: Buffer) => JSON.parse(body.toString()) as { trialExpired: boolean; loanReminders: { today: string } };

describe('GET /api/user: the kept answer', () => {
  it('is kept for the same row within the day, and written afresh for another row object', () => {
    let writes = 0;
    const counting = (body: unknown) => (writes++, serialize(body));
    const user = row();
    const first = userAnswer(user, NOON, counting);
    expect(userAnswer(user, NOON + 3_600_000, counting)).toBe(first);
    expect(writes).toBe(1);
    // A row fetched anew (any write in between) is another object: its answer is its own.
    const changed = userAnswer({ ...user, first_name: 'Changed' }, NOON + 3_600_000, counting);
    expect(writes).toBe(2);
    expect(JSON.parse(changed.body.toString()).firstName).toBe('Changed');
  });

  it('moves to the next UTC day at midnight (loanReminders.today)', () => {
    const user = row();
    expect(parsed(userAnswer(user, NOON, serialize).body).loanReminders.today).toBe('2026-11-28');
    const midnight = Date.parse('2026-11-29T00:00:00.000Z');
    expect(parsed(userAnswer(user, midnight - 1, serialize).body).loanReminders.today).toBe('2026-11-28');
    expect(parsed(userAnswer(user, midnight, serialize).body).loanReminders.today).toBe('2026-11-29');
  });

  it('gates the user at the very moment the trial ends, within the day', () => {
    const end = NOON + 60_000;
    const user = row({ trial_end_date: new Date(end).toISOString() });
    const before = userAnswer(user, NOON, serialize);
    expect(before.gated).toBe(false);
    expect(parsed(before.body).trialExpired).toBe(false);
    expect(userAnswer(user, end - 1, serialize).gated).toBe(false);
    expect(userAnswer(user, end, serialize).gated).toBe(true);
  });

  it('answers a gated user 402 from the first call (no body written)', () => {
    let writes = 0;
    const answer = userAnswer(row({ subscription_status: 'inactive' }), NOON, (body) => (writes++, serialize(body)));
    expect(answer.gated).toBe(true);
    expect(writes).toBe(0);
  });
});
