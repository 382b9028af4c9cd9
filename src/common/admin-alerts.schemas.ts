import { z } from 'zod';

/** docs/product/admin.md#alerts: the five alert types; the first two carry a threshold. */
export const ALERT_TYPES = ['album_count', 'collection_count', 'subscription_active', 'subscription_inactive', 'new_user'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const COUNT_ALERT_TYPES: readonly AlertType[] = ['album_count', 'collection_count'];
export const isCountAlertType = (type: AlertType): boolean => COUNT_ALERT_TYPES.includes(type);

/** docs/product/admin.md#alerts: type labels. */
export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  album_count: 'Album Count',
  collection_count: 'Collection Count',
  subscription_active: 'Subscription Activated',
  subscription_inactive: 'Subscription Deactivated',
  new_user: 'New User Registration',
};

/** The most history items GET /api/admin/alerts/history answers (newest first). */
export const ALERT_HISTORY_LIMIT = 500;
/** The largest threshold stored (a 32-bit integer column on PostgreSQL). */
export const ALERT_THRESHOLD_MAX = 2_147_483_647;

export const ALERT_MESSAGES = {
  configNotFound: 'Alert configuration not found',
  alertNotFound: 'Alert not found',
  invalidThreshold: 'Threshold must be a whole number of zero or more',
  thresholdRequired: 'This alert needs a threshold',
  thresholdNotAllowed: 'Only the album and collection count alerts take a threshold',
  invalidEmail: 'Please enter a valid email address',
} as const;

export const alertConfigSchema = z.object({
  id: z.number().int(),
  type: z.enum(ALERT_TYPES),
  enabled: z.boolean(),
  /** Count types only (docs/product/admin.md#alerts). */
  threshold: z.number().int().optional(),
  emailNotification: z.boolean(),
  notificationEmail: z.string().nullable(),
});
export type AlertConfig = z.infer<typeof alertConfigSchema>;
export const alertConfigListSchema = z.array(alertConfigSchema);

export const alertIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ALERT_THRESHOLD_MAX) });

/**
 * PUT /api/admin/alerts/config/{id} (docs/product/admin.md#alerts). Every field is optional (an absent
 * one keeps its value). An empty recipient is sent as null (the server also takes '' as null); the
 * threshold is a whole number ≥ 0, and only for the count types (checked by the route, which knows the
 * type: a number for another type is 400, a null there is ignored).
 */
export const alertConfigUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  emailNotification: z.boolean().optional(),
  notificationEmail: z
    .union([z.literal('').transform(() => null), z.string().trim().max(254).pipe(z.email({ error: ALERT_MESSAGES.invalidEmail })), z.null()], {
      error: ALERT_MESSAGES.invalidEmail,
    })
    .optional(),
  threshold: z
    .number({ error: ALERT_MESSAGES.invalidThreshold })
    .int({ error: ALERT_MESSAGES.invalidThreshold })
    .min(0, ALERT_MESSAGES.invalidThreshold)
    .max(ALERT_THRESHOLD_MAX, ALERT_MESSAGES.invalidThreshold)
    .nullable()
    .optional(),
});
export type AlertConfigUpdate = z.input<typeof alertConfigUpdateSchema>;

export const alertDetailsSchema = z.object({
  count: z.number().int().optional(),
  planType: z.string().optional(),
  reason: z.string().optional(),
});
export type AlertDetails = z.infer<typeof alertDetailsSchema>;

/** docs/product/admin.md#alerts: an alert history item. */
export const alertHistoryItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(ALERT_TYPES),
  createdAt: z.string(),
  read: z.boolean(),
  username: z.string().optional(),
  details: alertDetailsSchema,
});
export type AlertHistoryItem = z.infer<typeof alertHistoryItemSchema>;
export const alertHistorySchema = z.object({ alerts: z.array(alertHistoryItemSchema) });
export type AlertHistory = z.infer<typeof alertHistorySchema>;

export const alertCountSchema = z.object({ count: z.number().int() });
export type AlertCount = z.infer<typeof alertCountSchema>;

/** The display text of an alert ('Unknown' for a missing plan type or reason; docs/product/admin.md#alerts). */
export function alertText(type: AlertType, details: AlertDetails): string {
  switch (type) {
    case 'album_count':
      return `User has reached ${details.count ?? 0} albums.`;
    case 'collection_count':
      return `User has reached ${details.count ?? 0} collections.`;
    case 'subscription_active':
      return `Subscription activated. Plan: ${details.planType || 'Unknown'}`;
    case 'subscription_inactive':
      return `Subscription deactivated. Reason: ${details.reason || 'Unknown'}`;
    case 'new_user':
      return 'New user registration.';
  }
}
