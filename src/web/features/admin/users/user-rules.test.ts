import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../common/admin-users.schemas';
import {
  editUserChanges,
  editValuesOf,
  filterUsers,
  pageOf,
  subscriptionChanges,
  subscriptionLabel,
  subscriptionValuesOf,
  trialLine,
  validateEditUser,
} from './user-rules';

const user = (fields: Partial<AdminUser> = {}): AdminUser => ({
  id: 1,
  username: 'ann@example.com',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  createdAt: '2026-01-01T00:00:00.000Z',
  accountStatus: 'active',
  isAdmin: false,
  subscriptionStatus: 'trialing',
  trialEndDate: '2026-01-31T00:00:00.000Z',
  subscription: { planType: null, currentPeriodStart: null, currentPeriodEnd: null },
  hasHadPaidSubscription: false,
  collectionsCount: 0,
  albumsCount: 0,
  ...fields,
});

describe('the Users tab rules (docs/product/admin.md#users)', () => {
  it('labels subscriptions as the product names them, None for anything else', () => {
    expect(['active', 'trialing', 'inactive', 'past_due', 'canceled', ''].map(subscriptionLabel)).toEqual([
      'Active',
      'Trial',
      'Inactive',
      'Past Due',
      'Canceled',
      'None',
    ]);
  });

  it('shows the trial line only with a trial end date: Ends {date} or Expired', () => {
    const now = new Date('2026-01-15T00:00:00Z');
    expect(trialLine(null, now)).toBeNull();
    expect(trialLine('2026-01-31T00:00:00.000Z', now)).toBe(
      `Trial: Ends ${new Date('2026-01-31T00:00:00.000Z').toLocaleDateString()}`,
    );
    expect(trialLine('2026-01-01T00:00:00.000Z', now)).toBe('Trial: Expired');
  });

  it('searches username, e-mail and names by every word, and pages 25 at a time', () => {
    const users = Array.from({ length: 60 }, (_, i) =>
      user({ id: i, username: `user${i}@example.com`, firstName: i % 2 ? 'Odd' : 'Even' }),
    );
    expect(filterUsers(users, '  ')).toBe(users);
    expect(filterUsers(users, 'ODD user1').map((u) => u.id)).toEqual([1, 11, 13, 15, 17, 19]);
    expect(pageOf(users, 3)).toMatchObject({ page: 3, pages: 3 });
    expect(pageOf(users, 3).rows).toHaveLength(10);
    expect(pageOf(users, 99).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it('Edit User sends only changed fields, empty as null, and nothing when nothing changed', () => {
    const ann = user({ lastName: null });
    expect(editUserChanges(ann, editValuesOf(ann))).toBeNull();
    expect(editUserChanges(ann, { ...editValuesOf(ann), firstName: ' Ann ' })).toBeNull();
    expect(editUserChanges(ann, { ...editValuesOf(ann), email: '', firstName: 'Anna', lastName: '' })).toEqual({
      email: null,
      firstName: 'Anna',
    });
    expect(editUserChanges(ann, { ...editValuesOf(ann), username: ' new@example.com ' })).toEqual({
      username: 'new@example.com',
    });
    expect(validateEditUser({ ...editValuesOf(ann), username: ' ', email: 'nope' })).toEqual({
      username: 'Username is required',
      email: 'Please enter a valid email address',
    });
  });

  it('Manage Subscription sends only changed values; End Trial sends skipTrial instead of a status', () => {
    const ann = user();
    const values = subscriptionValuesOf(ann);
    expect(subscriptionChanges(ann, values)).toBeNull();
    expect(subscriptionChanges(ann, { ...values, subscriptionStatus: 'active' })).toEqual({ subscriptionStatus: 'active' });
    expect(subscriptionChanges(ann, { ...values, subscriptionStatus: 'active', endTrial: true })).toEqual({ skipTrial: true });
    expect(subscriptionChanges(ann, { ...values, hasHadPaidSubscription: true })).toEqual({ hasHadPaidSubscription: true });
  });
});
