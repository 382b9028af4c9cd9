import type { DbKind, Executor } from '../../db/database.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.js';

/** Single-table queries on `users`. */
export const usersRepository = {
  findById(db: Executor, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  },

  /** The oldest account with this e-mail address (an e-mail is unique as a username, not as an address). */
  findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email).orderBy('id').executeTakeFirst();
  },

  /** The user a Stripe customer was made for (customers are made per user before checkout). */
  findByStripeCustomerId(db: Executor, customerId: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
  },

  /** The user row, locked until the transaction ends on PostgreSQL (SQLite serialises writers anyway). */
  findForUpdate(trx: Executor, dbKind: DbKind, id: number): Promise<UserRow | undefined> {
    const read = trx.selectFrom('users').selectAll().where('id', '=', id);
    return (dbKind === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
  },

  /** Locks the user row until the transaction ends on PostgreSQL, to serialise that user's writes. */
  async lock(trx: Executor, dbKind: DbKind, id: number): Promise<void> {
    if (dbKind === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
  },

  /** Records that a trial notice fired, once across instances; false when it had already fired. */
  async markTrialNotice(db: Executor, id: number, notice: 'ending' | 'ended'): Promise<boolean> {
    const update = db.updateTable('users').set({ trial_notice: notice }).where('id', '=', id);
    const result = await (notice === 'ending'
      ? update.where('trial_notice', 'is', null)
      : update.where((eb) => eb.or([eb('trial_notice', 'is', null), eb('trial_notice', '!=', 'ended')]))
    ).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async insert(db: Executor, user: NewUser): Promise<UserRow> {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  },

  async update(db: Executor, id: number, changes: UserUpdate): Promise<UserRow | undefined> {
    return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  },
};
