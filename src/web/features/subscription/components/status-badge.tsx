import { cn } from '../../../lib/cn';
import type { StatusLabel } from '../subscription-rules';

const tones: Record<StatusLabel, string> = {
  Active: 'border-success bg-success text-paper',
  'Free Trial': 'border-accent/40 bg-accent-soft text-ink',
  Free: 'border-line bg-muted text-ink',
  Inactive: 'border-danger bg-danger text-danger-ink',
};

/** The subscription status as a pill; colour only for status, so it stands out. */
export function StatusBadge({ label }: { label: StatusLabel }) {
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', tones[label])} data-testid="subscription-status">
      {label}
    </span>
  );
}
