import { z } from 'zod';

/** Operational alerts: what is wrong with the running service, beside the business alerts. */
export const OPERATIONAL_ALERT_KINDS = ['mail_failing', 'database_errors', 'disk_nearly_full'] as const;
export type OperationalAlertKind = (typeof OPERATIONAL_ALERT_KINDS)[number];

export const OPERATIONAL_ALERT_LABELS: Record<OperationalAlertKind, string> = {
  mail_failing: 'Mail Failing',
  database_errors: 'Database Errors',
  disk_nearly_full: 'Disk Nearly Full',
};

export const operationalAlertSchema = z.object({
  kind: z.enum(OPERATIONAL_ALERT_KINDS),
  active: z.boolean(),
  /** When the current episode began (ISO), while active. */
  since: z.string().nullable(),
  /** What was seen, in a sentence: the state when quiet, the problem when active. */
  message: z.string(),
});
export type OperationalAlert = z.infer<typeof operationalAlertSchema>;
export const operationalAlertsSchema = z.object({ alerts: z.array(operationalAlertSchema), checkedAt: z.string() });
export type OperationalAlerts = z.infer<typeof operationalAlertsSchema>;
