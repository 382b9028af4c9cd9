import type { Executor } from '../../db/database.js';
import type { ImageRow, ImagesTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

/** Single-table queries on `images`, always scoped by owner. */
export const imagesRepository = {
  findOwned(db: Executor, userId: number, name: string): Promise<ImageRow | undefined> {
    return db.selectFrom('images').selectAll().where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  },

  /** One stored image by its server-made name, whoever owns it (a shared collection's cover). */
  findByName(db: Executor, name: string): Promise<ImageRow | undefined> {
    return db.selectFrom('images').selectAll().where('name', '=', name).executeTakeFirst();
  },

  findOwnedBySha(db: Executor, userId: number, sha256: string): Promise<{ id: number; name: string } | undefined> {
    return db
      .selectFrom('images')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .orderBy('id')
      .executeTakeFirst();
  },

  async touch(db: Executor, id: number, createdAt: string): Promise<void> {
    await db.updateTable('images').set({ created_at: createdAt }).where('id', '=', id).execute();
  },

  async insert(db: Executor, image: Insertable<ImagesTable>): Promise<void> {
    await db.insertInto('images').values(image).execute();
  },
};
