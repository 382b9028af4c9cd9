import { queryOptions } from '@tanstack/react-query';

export const ADMIN_ALERTS_COUNT = '/api/admin/alerts/count';

/** GET /api/admin/alerts/count (spec 2 §7): the unread number behind the Alerts tab's badge. */
export const unreadAlertCountQuery = () => queryOptions<{ count: number }>({ queryKey: [ADMIN_ALERTS_COUNT] });
