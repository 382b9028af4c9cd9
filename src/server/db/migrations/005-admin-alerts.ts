import { sql, type Kysely } from 'kysely';

/**
 * Admin alerts (docs/product/admin.md#alerts):
 * - the five alert configurations, seeded here once: a migration runs once per database, under the
 *   migrator's lock, so two instances starting together cannot double them (and `type` is unique);
 * - a partial index of the unread history rows, so the badge's unread count reads only those.
 * The defaults are those of docs/product/admin.md#alerts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const defaults: { type: string; enabled: number; threshold: number | null }[] = [
    { type: 'album_count', enabled: 1, threshold: 1000 },
    { type: 'collection_count', enabled: 1, threshold: 20 },
    { type: 'subscription_active', enabled: 1, threshold: null },
    { type: 'subscription_inactive', enabled: 1, threshold: null },
    { type: 'new_user', enabled: 1, threshold: null },
  ];
  for (const row of defaults) {
    await sql`insert into alert_configs (type, enabled, threshold, email_notification, notification_email)
      values (${row.type}, ${row.enabled}, ${row.threshold}, 0, null)
      on conflict (type) do nothing`.execute(db);
  }
  await db.schema
    .createIndex('alert_history_unread')
    .on('alert_history')
    .column('id')
    .where(sql.ref('read'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('alert_history_unread').execute();
  await sql`delete from alert_configs`.execute(db);
}
