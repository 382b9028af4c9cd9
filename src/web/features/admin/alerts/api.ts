import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertConfig, AlertCount, AlertHistory } from '../../../../common/admin-alerts.schemas';
import type { OperationalAlerts } from '../../../../common/admin-operational-alerts.schemas';
import { apiRequest, getJson } from '../../../lib/api-client';

export const ADMIN_ALERTS_CONFIG = '/api/admin/alerts/config';
export const ADMIN_ALERTS_HISTORY = '/api/admin/alerts/history';
export const ADMIN_ALERTS_COUNT = '/api/admin/alerts/count';

/** How often the badge asks for the unread number while the dashboard is open. */
const COUNT_REFRESH_MS = 30_000;

/**
 * GET /api/admin/alerts/count: the unread number behind the Alerts tab's badge. A failure to load it is
 * only logged (docs/product/admin.md#alerts).
 */
export const unreadAlertCountQuery = () =>
  queryOptions<AlertCount>({
    queryKey: [ADMIN_ALERTS_COUNT],
    queryFn: async ({ signal }) => {
      try {
        return await getJson<AlertCount>(ADMIN_ALERTS_COUNT, { signal });
      } catch (error) {
        if (!signal.aborted) console.error('Failed to load the unread alert count', error);
        throw error;
      }
    },
    refetchInterval: COUNT_REFRESH_MS,
  });

/** GET /api/admin/alerts/config: the five configurations. */
export const alertConfigsQuery = () => queryOptions<AlertConfig[]>({ queryKey: [ADMIN_ALERTS_CONFIG] });

/** GET /api/admin/alerts/history: the latest alerts, newest first (refreshed like the badge while shown). */
export const alertHistoryQuery = () =>
  queryOptions<AlertHistory>({
    queryKey: [ADMIN_ALERTS_HISTORY],
    // Not while failing: the failure toast then comes from what the administrator does (Try again, focus).
    refetchInterval: (query) => (query.state.status === 'error' ? false : COUNT_REFRESH_MS),
  });

/**
 * What PUT /api/admin/alerts/config/{id} is sent (docs/product/admin.md#alerts): the whole configuration,
 * threshold for the count types only.
 */
export function configBody(config: AlertConfig) {
  return {
    enabled: config.enabled,
    emailNotification: config.emailNotification,
    notificationEmail: config.notificationEmail,
    ...(config.threshold === undefined ? {} : { threshold: config.threshold }),
  };
}

/**
 * Saves one configuration. The list shows the change at once and is reloaded afterwards;
 * a failure puts the saved list back.
 */
export function useUpdateAlertConfig() {
  const queryClient = useQueryClient();
  const key = alertConfigsQuery().queryKey;
  return useMutation({
    mutationFn: (config: AlertConfig) => apiRequest<AlertConfig>('PUT', `${ADMIN_ALERTS_CONFIG}/${config.id}`, configBody(config)),
    onMutate: async (config) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list) => list?.map((c) => (c.id === config.id ? config : c)));
      return { previous };
    },
    onError: (_error, _config, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Marks one alert read; the history and the unread count are fetched again. */
export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('PUT', `${ADMIN_ALERTS_HISTORY}/${id}/read`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertHistoryQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: unreadAlertCountQuery().queryKey }),
      ]),
  });
}

/** Marks every alert read; the history and the unread count are fetched again. */
export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('PUT', `${ADMIN_ALERTS_HISTORY}/read-all`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertHistoryQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: unreadAlertCountQuery().queryKey }),
      ]),
  });
}

export const ADMIN_OPERATIONAL_ALERTS = '/api/admin/operational-alerts';

/** GET /api/admin/operational-alerts: mail, database and disk, checked when asked (refreshed like the history). */
export const operationalAlertsQuery = () =>
  queryOptions<OperationalAlerts>({
    queryKey: [ADMIN_OPERATIONAL_ALERTS],
    refetchInterval: (query) => (query.state.status === 'error' ? false : COUNT_REFRESH_MS),
  });
