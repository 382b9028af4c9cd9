import {
  OPERATIONAL_ALERT_KINDS,
  OPERATIONAL_ALERT_LABELS,
  type OperationalAlert,
  type OperationalAlertKind,
  type OperationalAlerts,
} from '../../../../common/admin-operational-alerts.schemas.js';
import type { AppContext } from '../../../context.js';
import { SETTING_KEYS, settingsRepository } from '../../../db/settings.repository.js';
import { mailOutboxRepository } from '../../../mail/mail-outbox.repository.js';
import { dataDirSpace } from '../../monitoring/metrics-registry.js';
import { adminUsersRepository } from '../users/admin-users.repository.js';

/** How often each instance checks (a minute: mail failing is known within minutes, not hours). */
export const OPERATIONAL_CHECK_INTERVAL_MS = 60_000;
/** Database errors count when they happened this recently. */
export const DATABASE_ERROR_WINDOW_MS = 5 * 60_000;
/** DATA_DIR's file system is "nearly full" below this share free, or below DISK_MIN_FREE_BYTES. */
export const DISK_MIN_FREE_RATIO = 0.1;
export const DISK_MIN_FREE_BYTES = 512 * 1024 * 1024;

interface Observation {
  active: boolean;
  message: string;
}

interface StoredState {
  since: string | null;
}

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

/** What each check sees now. A check that cannot run (the database down) reports that instead. */
async function observe(ctx: AppContext, now: Date): Promise<Record<OperationalAlertKind, Observation>> {
  const { signals } = ctx;
  const recentDbError = signals.lastDatabaseErrorAt !== undefined && now.getTime() - signals.lastDatabaseErrorAt.getTime() < DATABASE_ERROR_WINDOW_MS;
  const database: Observation = recentDbError
    ? { active: true, message: `Requests failed because the database was unavailable (${signals.databaseErrors} since this instance started; the last at ${signals.lastDatabaseErrorAt!.toISOString()}).` }
    : { active: false, message: 'No database errors in the last 5 minutes.' };

  let mail: Observation;
  try {
    // A mail whose first try failed is pending with attempts > 0: known at the next check, not after
    // the tenth retry hours later (reset links last an hour).
    const { count, error } = await mailOutboxRepository.failing(ctx.db, new Date(now.getTime() - 86_400_000));
    mail =
      count > 0
        ? { active: true, message: `${count} mail${count === 1 ? '' : 's'} could not be sent (last error: ${String(error ?? 'unknown').slice(0, 200)}).` }
        : { active: false, message: 'Mail is being sent.' };
  } catch {
    mail = { active: false, message: 'The mail outbox could not be read (see Database Errors).' };
  }

  let disk: Observation;
  try {
    const space = await dataDirSpace(ctx.config.dataDir);
    const nearlyFull = space.free < DISK_MIN_FREE_BYTES || space.free < space.total * DISK_MIN_FREE_RATIO;
    disk = {
      active: nearlyFull,
      message: `${gib(space.free)} free of ${gib(space.total)} on the data directory's file system.`,
    };
  } catch (error) {
    disk = { active: true, message: `The data directory could not be checked: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (ctx.testDiskSpace) {
    const { free, total } = ctx.testDiskSpace;
    disk = { active: free < DISK_MIN_FREE_BYTES || free < total * DISK_MIN_FREE_RATIO, message: `${gib(free)} free of ${gib(total)} on the data directory's file system.` };
  }
  return { mail_failing: mail, database_errors: database, disk_nearly_full: disk };
}

/**
 * Checks the service and records each alert's episode in `settings` (one row per kind, shared by every
 * instance). When an alert becomes active, the instance whose compare-and-set wins mails every active
 * administrator once for that episode; it is shown in the admin dashboard while it lasts.
 */
export async function checkOperationalAlerts(ctx: AppContext, now = new Date()): Promise<OperationalAlerts> {
  const seen = await observe(ctx, now);
  const alerts: OperationalAlert[] = [];
  for (const kind of OPERATIONAL_ALERT_KINDS) {
    const { active, message } = seen[kind];
    let since: string | null = active ? now.toISOString() : null;
    try {
      since = await recordEpisode(ctx, kind, active, message, now);
    } catch {
      // The database is down: the state cannot be shared, but what this instance sees is still shown.
    }
    alerts.push({ kind, active, since, message });
  }
  return { alerts, checkedAt: now.toISOString() };
}

/** The kind's stored state, which recordEpisode makes sure exists before reading it. */
async function storedValue(ctx: AppContext, key: string): Promise<string> {
  const value = await settingsRepository.get(ctx.db, key);
  if (value === undefined) throw new Error(`settings row ${key} is missing`);
  return value;
}

/** Moves the kind's stored state to `active`; returns when the episode began. Mails on the rising edge. */
async function recordEpisode(ctx: AppContext, kind: OperationalAlertKind, active: boolean, message: string, now: Date): Promise<string | null> {
  const key = SETTING_KEYS.operationalAlert(kind);
  await settingsRepository.insertIfAbsent(ctx.db, key, JSON.stringify({ since: null }));
  const value = await storedValue(ctx, key);
  const stored = JSON.parse(value) as StoredState;
  if (active === (stored.since !== null)) return stored.since;
  const next: StoredState = { since: active ? now.toISOString() : null };
  // Compare-and-set: of several instances seeing the change at once, one records it (and mails).
  if (!(await settingsRepository.compareAndSet(ctx.db, key, value, JSON.stringify(next)))) {
    return (JSON.parse(await storedValue(ctx, key)) as StoredState).since;
  }
  if (active) {
    ctx.log.error({ alert: kind, detail: message }, `operational alert: ${OPERATIONAL_ALERT_LABELS[kind]}`);
    await mailAdministrators(ctx, kind, message, next.since!);
  } else {
    ctx.log.info({ alert: kind }, `operational alert cleared: ${OPERATIONAL_ALERT_LABELS[kind]}`);
  }
  return next.since;
}

async function mailAdministrators(ctx: AppContext, kind: OperationalAlertKind, message: string, since: string): Promise<void> {
  const admins = await adminUsersRepository.activeAdmins(ctx.db);
  const label = OPERATIONAL_ALERT_LABELS[kind];
  const link = `${ctx.config.publicUrl}/admin`;
  for (const admin of admins) {
    const to = admin.email ?? admin.username;
    await ctx.mail.enqueue({
      idempotencyKey: `operational-alert:${kind}:${since}:${to}`,
      kind: 'alert',
      to,
      subject: `Spindle: ${label}`,
      text: `${label} since ${since}.\n\n${message}\n\nSee ${link}`,
      html: `<p><strong>${escapeHtml(label)}</strong> since ${escapeHtml(since)}.</p><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link)}">Open the admin dashboard</a></p>`,
    });
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Runs the checks every minute on this instance until stopped; a failed pass waits for the next. */
export function startOperationalMonitor(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= checkOperationalAlerts(ctx)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'operational checks failed'))
      .finally(() => (running = undefined));
  }, OPERATIONAL_CHECK_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
