import type { AdminUser } from '../../../../../common/admin-users.schemas';
import { cn } from '../../../../lib/cn';
import { ACCOUNT_STATUS_LABELS, subscriptionLabel } from '../user-rules';

const pill = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** Colour only for status, so it stands out: Active green, Paused yellow, Revoked red (docs/product/admin.md#users). */
const statusTones: Record<AdminUser['accountStatus'], string> = {
  active: 'border-success bg-success text-paper',
  paused: 'border-warning bg-warning text-paper',
  revoked: 'border-danger bg-danger text-danger-ink',
};

export function AccountStatusBadge({ status }: { status: AdminUser['accountStatus'] }) {
  return <span className={cn(pill, statusTones[status])}>{ACCOUNT_STATUS_LABELS[status]}</span>;
}

/** Tinted, with ink text (readable in both themes); the tint and border carry the colour. */
const subscriptionTones: Record<string, string> = {
  Active: 'border-success/60 bg-success/15 text-ink',
  Trial: 'border-accent/50 bg-accent-soft text-ink',
  'Past Due': 'border-warning/60 bg-warning/15 text-ink',
  Canceled: 'border-line bg-muted text-ink',
  Inactive: 'border-danger/60 bg-danger/15 text-ink',
  None: 'border-line bg-surface text-ink-muted',
};

export function SubscriptionBadge({ status }: { status: string }) {
  const label = subscriptionLabel(status);
  return <span className={cn(pill, subscriptionTones[label])}>{label}</span>;
}

export function AdminBadge() {
  return <span className={cn(pill, 'border-accent/40 bg-accent-soft text-ink')}>Admin</span>;
}
