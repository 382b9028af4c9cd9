import { useQuery } from '@tanstack/react-query';
import { BellOff, Check, CheckCheck, RotateCw } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { ALERT_TYPE_LABELS, alertText, type AlertConfig, type AlertHistoryItem } from '../../../../common/admin-alerts.schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { alertConfigsQuery, alertHistoryQuery, useMarkAlertRead, useMarkAllAlertsRead, useUpdateAlertConfig } from './api';
import { OperationalAlertsCard } from './operational-alerts-card';
import { parseThreshold } from './threshold';

/** What each alert is about, under its label. */
const DESCRIPTIONS: Record<AlertConfig['type'], string> = {
  album_count: 'When a user’s albums reach the threshold.',
  collection_count: 'When a user’s collections reach the threshold.',
  subscription_active: 'When a subscription becomes active.',
  subscription_inactive: 'When an active subscription stops.',
  new_user: 'When someone registers.',
};

const failed = (title: string) => toast({ title, variant: 'destructive' });

/** Shows a toast once each time the query fails (docs/product/admin.md#alerts: the load failure toasts). */
function useFailureToast(isError: boolean, errorUpdatedAt: number, title: string) {
  useEffect(() => {
    if (isError) failed(title);
  }, [isError, errorUpdatedAt, title]);
}

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-sm text-ink-muted">
      <p>{text}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </div>
  );
}

/**
 * A text field saved when it is left or Enter is pressed, only when its value changed. `commit`
 * answers false for text it ignores: the field then shows the saved value again.
 */
function useCommittedField(value: string, commit: (text: string) => boolean) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const save = () => {
    if (draft !== value && !commit(draft)) setDraft(value);
  };
  return {
    value: draft,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: save,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        save();
      }
      if (event.key === 'Escape') setDraft(value);
    },
  };
}

function ConfigRow({ config, onSave }: { config: AlertConfig; onSave: (next: AlertConfig) => void }) {
  const id = useId();
  const label = ALERT_TYPE_LABELS[config.type];
  const threshold = useCommittedField(String(config.threshold ?? ''), (text) => {
    // docs/product/admin.md#alerts: invalid or negative input is ignored and the value is unchanged.
    const parsed = parseThreshold(text);
    if (parsed === null) return false;
    if (parsed !== config.threshold) onSave({ ...config, threshold: parsed });
    return true;
  });
  const email = useCommittedField(config.notificationEmail ?? '', (text) => {
    const trimmed = text.trim();
    // docs/product/admin.md#alerts: an empty recipient is sent as null.
    onSave({ ...config, notificationEmail: trimmed === '' ? null : trimmed });
    return true;
  });

  return (
    <li className="grid gap-4 py-5 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="min-w-0">
        <h3 id={`${id}-label`} className="font-medium">
          {label}
        </h3>
        <p className="mt-0.5 text-sm text-ink-muted">{DESCRIPTIONS[config.type]}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-enabled`}
            checked={config.enabled}
            onCheckedChange={(enabled) => onSave({ ...config, enabled })}
            aria-describedby={`${id}-label`}
          />
          <Label htmlFor={`${id}-enabled`}>Enabled</Label>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-email`}
            checked={config.emailNotification}
            onCheckedChange={(emailNotification) => onSave({ ...config, emailNotification })}
            aria-describedby={`${id}-label`}
          />
          <Label htmlFor={`${id}-email`}>Email notification</Label>
        </div>
      </div>
      {(config.threshold !== undefined || config.emailNotification) && (
        <div className="flex flex-wrap items-start gap-4 sm:col-span-2">
          {config.threshold !== undefined && (
            <div className="grid w-40 gap-1.5">
              <Label htmlFor={`${id}-threshold`}>Threshold</Label>
              <Input
                id={`${id}-threshold`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="tabular-nums"
                aria-describedby={`${id}-label`}
                value={threshold.value}
                onChange={threshold.onChange}
                onBlur={threshold.onBlur}
                onKeyDown={threshold.onKeyDown}
              />
            </div>
          )}
          {config.emailNotification && (
            <div className="grid w-full max-w-80 min-w-0 gap-1.5 sm:w-80">
              <Label htmlFor={`${id}-recipient`}>Notification email</Label>
              <Input
                id={`${id}-recipient`}
                type="email"
                autoComplete="email"
                placeholder="admin@example.com"
                aria-describedby={`${id}-label`}
                value={email.value}
                onChange={email.onChange}
                onBlur={email.onBlur}
                onKeyDown={email.onKeyDown}
              />
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function AlertConfiguration() {
  const configs = useQuery(alertConfigsQuery());
  const update = useUpdateAlertConfig();
  useFailureToast(configs.isError, configs.errorUpdatedAt, 'Failed to load alert configurations');

  const save = (next: AlertConfig) =>
    update.mutate(next, {
      onSuccess: () => toast({ title: 'Alert configuration updated successfully', variant: 'success' }),
      onError: () => failed('Failed to update alert configuration'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Alert Configuration</CardTitle>
        <CardDescription>Choose what is recorded, and who is e-mailed about it.</CardDescription>
      </CardHeader>
      <CardContent>
        {configs.data ? (
          <ul className="divide-y divide-line">
            {configs.data.map((config) => (
              <ConfigRow key={config.id} config={config} onSave={save} />
            ))}
          </ul>
        ) : configs.isError ? (
          <LoadError text="The alert configurations could not be loaded." onRetry={() => void configs.refetch()} />
        ) : (
          <div className="grid gap-6" aria-busy="true" aria-label="Loading alert configurations">
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="flex items-center justify-between gap-4">
                <div className="grid gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-56" />
                </div>
                <Skeleton className="h-6 w-40" />
              </div>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function HistoryItem({ alert, onRead, busy }: { alert: AlertHistoryItem; onRead: () => void; busy: boolean }) {
  return (
    <li className={cn('flex gap-3 px-4 py-3 sm:px-6', !alert.read && 'bg-accent-soft')}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{ALERT_TYPE_LABELS[alert.type]}</span>
          {!alert.read && <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-ink">New</span>}
        </div>
        <p className="mt-1 text-sm">{alertText(alert.type, alert.details)}</p>
        <p className="mt-1 text-xs text-ink-muted">
          {alert.username && <span className="wrap-anywhere">{alert.username} · </span>}
          <time dateTime={alert.createdAt} className="tabular-nums">
            {timeFormat.format(new Date(alert.createdAt))}
          </time>
        </p>
      </div>
      {!alert.read && (
        <Button variant="ghost" size="sm" className="self-center" onClick={onRead} disabled={busy}>
          <Check aria-hidden />
          <span className="sr-only sm:not-sr-only">Mark as read</span>
        </Button>
      )}
    </li>
  );
}

function AlertHistoryCard() {
  const history = useQuery(alertHistoryQuery());
  const markRead = useMarkAlertRead();
  const markAll = useMarkAllAlertsRead();
  useFailureToast(history.isError, history.errorUpdatedAt, 'Failed to load alert history');
  const alerts = history.data?.alerts;
  const unread = alerts?.filter((a) => !a.read).length ?? 0;

  const readOne = (id: number) => markRead.mutate(id, { onError: () => failed('Failed to mark alert as read') });
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast({ title: 'All alerts marked as read', variant: 'success' }),
      onError: () => failed('Failed to mark all alerts as read'),
    });

  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-3 p-6 pb-4">
        <div className="grid gap-1.5">
          <CardTitle>Alert History</CardTitle>
          <CardDescription>{alerts ? (unread > 0 ? `${unread} unread` : 'All caught up') : 'The latest alerts, newest first.'}</CardDescription>
        </div>
        {unread > 0 && (
          <Button variant="secondary" size="sm" onClick={readAll} loading={markAll.isPending}>
            <CheckCheck aria-hidden />
            Mark All Read
          </Button>
        )}
      </div>
      {alerts ? (
        alerts.length === 0 ? (
          <EmptyState
            className="py-10"
            icon={BellOff}
            title="No alerts yet"
            text="Registrations, subscription changes and users reaching a threshold appear here as they happen."
          />
        ) : (
          // docs/product/admin.md#alerts: at most 500 px high, scrolling; focusable so the keyboard can scroll it too.
          // Positioned, so the items' screen-reader labels (absolute) are clipped with them, not hanging below the page.
          <ul
            tabIndex={0}
            aria-label="Alert history"
            className="relative max-h-[500px] divide-y divide-line overflow-y-auto border-t border-line focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent rounded-b-2xl"
          >
            {alerts.map((alert) => (
              <HistoryItem key={alert.id} alert={alert} onRead={() => readOne(alert.id)} busy={markRead.isPending && markRead.variables === alert.id} />
            ))}
          </ul>
        )
      ) : history.isError ? (
        <div className="px-6 pb-6">
          <LoadError text="The alert history could not be loaded." onRetry={() => void history.refetch()} />
        </div>
      ) : (
        <div className="grid gap-4 px-6 pb-6" aria-busy="true" aria-label="Loading alert history">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-44" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

/** The admin dashboard's Alerts tab (docs/product/admin.md#alerts). */
export function AlertsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <OperationalAlertsCard />
      <AlertConfiguration />
      <AlertHistoryCard />
    </div>
  );
}
