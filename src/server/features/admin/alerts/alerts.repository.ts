import type { Selectable, Updateable } from 'kysely';
import {
  ALERT_TYPES,
  alertDetailsSchema,
  isCountAlertType,
  type AlertConfig,
  type AlertDetails,
  type AlertHistoryItem,
  type AlertType,
} from '../../../../common/admin-alerts.schemas.js';
import type { Db } from '../../../db/database.js';
import type { AlertConfigsTable } from '../../../db/schema.js';

export type AlertConfigRow = Selectable<AlertConfigsTable>;

const isAlertType = (value: string): value is AlertType => (ALERT_TYPES as readonly string[]).includes(value);

export function presentConfig(row: AlertConfigRow): AlertConfig {
  const type = isAlertType(row.type) ? row.type : 'new_user';
  return {
    id: Number(row.id),
    type,
    enabled: Boolean(row.enabled),
    ...(isCountAlertType(type) ? { threshold: Number(row.threshold ?? 0) } : {}),
    emailNotification: Boolean(row.email_notification),
    notificationEmail: row.notification_email,
  };
}

/** The stored JSON, read defensively: only the documented fields leave (a row written by hand cannot add others). */
function parseDetails(text: string): AlertDetails {
  try {
    const parsed = alertDetailsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** alert_configs and alert_history: single-table queries (the history list joins the current username). */
export const alertsRepository = {
  listConfigs(db: Db): Promise<AlertConfigRow[]> {
    return db.selectFrom('alert_configs').selectAll().orderBy('id').execute();
  },

  findConfig(db: Db, id: number): Promise<AlertConfigRow | undefined> {
    return db.selectFrom('alert_configs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findConfigByType(db: Db, type: AlertType): Promise<AlertConfigRow | undefined> {
    return db.selectFrom('alert_configs').selectAll().where('type', '=', type).executeTakeFirst();
  },

  async updateConfig(db: Db, id: number, values: Updateable<AlertConfigsTable>): Promise<AlertConfigRow | undefined> {
    if (Object.keys(values).length > 0) await db.updateTable('alert_configs').set(values).where('id', '=', id).execute();
    return this.findConfig(db, id);
  },

  async insertHistory(
    db: Db,
    alert: { type: AlertType; userId: number | null; username: string | null; details: AlertDetails; createdAt: string },
  ): Promise<number> {
    const row = await db
      .insertInto('alert_history')
      .values({
        type: alert.type,
        user_id: alert.userId,
        username: alert.username,
        details: JSON.stringify(alert.details),
        read: 0,
        created_at: alert.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** The latest `limit` alerts, newest first, with the user's current username (the stored one once the user is gone). */
  async listHistory(db: Db, limit: number): Promise<AlertHistoryItem[]> {
    const rows = await db
      .selectFrom('alert_history')
      .leftJoin('users', 'users.id', 'alert_history.user_id')
      .select([
        'alert_history.id',
        'alert_history.type',
        'alert_history.created_at',
        'alert_history.read',
        'alert_history.details',
        'alert_history.username as stored_username',
        'users.username as current_username',
      ])
      .orderBy('alert_history.id', 'desc')
      .limit(limit)
      .execute();
    return rows.flatMap((row) => {
      if (!isAlertType(row.type)) return [];
      const username = row.current_username ?? row.stored_username;
      return [
        {
          id: Number(row.id),
          type: row.type,
          createdAt: row.created_at,
          read: Boolean(row.read),
          ...(username ? { username } : {}),
          details: parseDetails(row.details),
        },
      ];
    });
  },

  /** Unread rows (the partial index alert_history_unread holds only those). */
  async countUnread(db: Db): Promise<number> {
    const row = await db
      .selectFrom('alert_history')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('read', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Whether the alert exists (marking a read one again is fine). */
  async markRead(db: Db, id: number): Promise<boolean> {
    const result = await db.updateTable('alert_history').set({ read: 1 }).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async markAllRead(db: Db): Promise<number> {
    const result = await db.updateTable('alert_history').set({ read: 1 }).where('read', '=', 0).executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
