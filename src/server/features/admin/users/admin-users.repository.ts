import { sql, type Transaction } from 'kysely';
import type { AdminUser } from '../../../../common/admin-users.schemas.js';
import { SUBSCRIPTION_STATUSES, type AccountStatus } from '../../../../common/constants.js';
import type { DbKind, Executor } from '../../../db/database.js';
import type { Database, UserRow, UserUpdate } from '../../../db/schema.js';

const LIST_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.created_at',
  'users.account_status',
  'users.is_admin',
  'users.subscription_status',
  'users.trial_end_date',
  'users.plan_type',
  'users.current_period_start',
  'users.current_period_end',
  'users.has_had_paid_subscription',
] as const;

type ListRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'created_at'
  | 'account_status'
  | 'is_admin'
  | 'subscription_status'
  | 'trial_end_date'
  | 'plan_type'
  | 'current_period_start'
  | 'current_period_end'
  | 'has_had_paid_subscription'
> & { collections_count: number | string | null; albums_count: number | string | null };

const knownStatuses: readonly string[] = SUBSCRIPTION_STATUSES;

/** A user as the administrator's list shows it (docs/product/admin.md#users). */
export function presentAdminUser(
  row: Omit<ListRow, 'collections_count' | 'albums_count'>,
  collectionsCount = 0,
  albumsCount = 0,
): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    createdAt: row.created_at,
    accountStatus: row.account_status as AdminUser['accountStatus'],
    isAdmin: Boolean(row.is_admin),
    subscriptionStatus: knownStatuses.includes(row.subscription_status)
      ? (row.subscription_status as AdminUser['subscriptionStatus'])
      : '',
    trialEndDate: row.trial_end_date,
    subscription: {
      planType: row.plan_type,
      currentPeriodStart: row.current_period_start,
      currentPeriodEnd: row.current_period_end,
    },
    hasHadPaidSubscription: Boolean(row.has_had_paid_subscription),
    collectionsCount,
    albumsCount,
  };
}

/** Queries of the administrator's users calls. */
export const adminUsersRepository = {
  /**
   * Every user with their collection and album counts, in one query: each count is one grouped pass
   * over its table's user_id index, joined to the users (not a count per user).
   */
  async listWithCounts(db: Executor): Promise<AdminUser[]> {
    const rows = await db
      .selectFrom('users')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('collections')
            .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy('user_id')
            .as('c'),
        (join) => join.onRef('c.user_id', '=', 'users.id'),
      )
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('albums')
            .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy('user_id')
            .as('a'),
        (join) => join.onRef('a.user_id', '=', 'users.id'),
      )
      .select([...LIST_COLUMNS, 'c.n as collections_count', 'a.n as albums_count'])
      .orderBy('users.id')
      .execute();
    return rows.map((row: ListRow) => presentAdminUser(row, Number(row.collections_count ?? 0), Number(row.albums_count ?? 0)));
  },

  /** The user row, locked for the transaction on PostgreSQL (SQLite serialises writers anyway). */
  async findForUpdate(trx: Transaction<Database>, dbKind: DbKind, id: number): Promise<UserRow | undefined> {
    const read = trx.selectFrom('users').selectAll().where('id', '=', id);
    return (dbKind === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
  },

  /**
   * Serialises every change that could leave no active administrator (pausing, revoking or deleting
   * one), across instances on PostgreSQL: without it, two administrators pausing each other at once
   * would both see the other still active. SQLite runs one write transaction at a time.
   */
  async lockAdministrators(trx: Transaction<Database>, dbKind: DbKind): Promise<void> {
    if (dbKind === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtextextended('spindle:administrators', 0))`.execute(trx);
  },

  /** How many active administrators there are besides this user. */
  async otherActiveAdmins(db: Executor, exceptId: number): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_admin', '=', 1)
      .where('account_status', '=', 'active')
      .where('id', '<>', exceptId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Another account whose username or e-mail is this value (either would make sign-in ambiguous). */
  async findOtherByIdentity(db: Executor, value: string, exceptId: number): Promise<{ id: number } | undefined> {
    return db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('username', '=', value), eb('email', '=', value)]))
      .where('id', '<>', exceptId)
      .executeTakeFirst();
  },

  async setStatus(db: Executor, id: number, status: AccountStatus): Promise<void> {
    await db.updateTable('users').set({ account_status: status }).where('id', '=', id).execute();
  },

  /** Applies an administrator's changes to the user; the changed row. */
  update(db: Executor, id: number, changes: UserUpdate): Promise<UserRow> {
    return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  /** Grants the administrator role; false when there is no such user. */
  async grantAdmin(db: Executor, id: number): Promise<boolean> {
    const result = await db.updateTable('users').set({ is_admin: 1 }).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** The active administrators, who receive the operational alerts. */
  activeAdmins(db: Executor): Promise<Pick<UserRow, 'username' | 'email'>[]> {
    return db.selectFrom('users').select(['username', 'email']).where('is_admin', '=', 1).where('account_status', '=', 'active').execute();
  },
};
