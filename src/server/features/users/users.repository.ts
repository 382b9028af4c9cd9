import type { Executor } from '../../db/database.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.js';

/** Single-table queries on `users`. */
export const usersRepository = {
  findById(db: Executor, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  },

  async insert(db: Executor, user: NewUser): Promise<UserRow> {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  },

  async update(db: Executor, id: number, changes: UserUpdate): Promise<UserRow | undefined> {
    return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  },
};
