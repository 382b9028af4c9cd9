import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { OPERATIONAL_ALERT_LABELS, type OperationalAlert } from '../../../../common/admin-operational-alerts.schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { operationalAlertsQuery } from './api';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function OperationalAlertRow({ alert }: { alert: OperationalAlert }) {
  const Icon = alert.active ? CircleAlert : CircleCheck;
  return (
    <li className={cn('flex gap-3 py-3 first:pt-0 last:pb-0')}>
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', alert.active ? 'text-danger' : 'text-success')} />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {OPERATIONAL_ALERT_LABELS[alert.kind]}
          <span className="sr-only">:</span>{' '}
          <span className={cn('text-sm font-semibold', alert.active ? 'text-danger' : 'text-ink-muted')}>{alert.active ? 'Alert' : 'OK'}</span>
        </p>
        <p className="mt-0.5 text-sm wrap-anywhere text-ink-muted">{alert.message}</p>
        {alert.active && alert.since && (
          <p className="mt-0.5 text-xs text-ink-muted">
            Since{' '}
            <time dateTime={alert.since} className="tabular-nums">
              {timeFormat.format(new Date(alert.since))}
            </time>
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * The service's own health above the business alerts: mail failing, database errors, disk nearly
 * full. Administrators are also mailed when one starts, so this is where they confirm and follow it.
 */
export function OperationalAlertsCard() {
  const query = useQuery(operationalAlertsQuery());
  const alerts = query.data?.alerts;
  const active = alerts?.filter((a) => a.active).length ?? 0;
  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader>
        <CardTitle>Operational Alerts</CardTitle>
        <CardDescription>
          {alerts ? (active > 0 ? `${active} need${active === 1 ? 's' : ''} attention` : 'The service is running normally.') : 'Mail, database and disk, checked every minute.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts ? (
          <ul aria-label="Operational alerts" className="divide-y divide-line">
            {alerts.map((alert) => (
              <OperationalAlertRow key={alert.kind} alert={alert} />
            ))}
          </ul>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-ink-muted">
            The operational alerts could not be loaded.
          </p>
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading operational alerts">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-4 w-64 max-w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
