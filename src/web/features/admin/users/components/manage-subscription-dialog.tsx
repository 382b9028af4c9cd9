import { AlertTriangle } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_USER_TOASTS, type AdminUser } from '../../../../../common/admin-users.schemas';
import type { SubscriptionStatus } from '../../../../../common/constants';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/label';
import { Select } from '../../../../components/ui/select';
import { Switch } from '../../../../components/ui/switch';
import { errorToast, toast } from '../../../../components/ui/use-toast';
import { isApiError } from '../../../../lib/api-client';
import { useUpdateUserSubscription } from '../api';
import { formatDate, SUBSCRIPTION_OPTIONS, subscriptionChanges, subscriptionValuesOf } from '../user-rules';
import { SubscriptionBadge } from './user-badges';

/** Manage Subscription (docs/product/admin.md#users): only changed values are sent; End Trial forces inactive. */
export function ManageSubscriptionDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent title="Manage Subscription" description={`Subscription of ${user.username}.`} size="md">
          <ManageSubscriptionForm key={user.id} user={user} onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

const dateOrNotSet = (value: string | null) => (value ? formatDate(value) : 'Not set');

function ManageSubscriptionForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [values, setValues] = useState(() => subscriptionValuesOf(user));
  const update = useUpdateUserSubscription();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const changes = subscriptionChanges(user, values);
    if (!changes) return onClose();
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => {
          toast({ title: ADMIN_USER_TOASTS.subscriptionUpdated, variant: 'success' });
          onClose();
        },
        onError: (error) => errorToast((isApiError(error) && error.serverMessage) || ADMIN_USER_TOASTS.subscriptionFailed),
      },
    );
  }

  const facts: [string, ReactNode][] = [
    ['Current status', <SubscriptionBadge key="status" status={user.subscriptionStatus} />],
    ['Trial end', dateOrNotSet(user.trialEndDate)],
    ['Plan type', user.subscription.planType ?? 'Not set'],
    ['Period start', dateOrNotSet(user.subscription.currentPeriodStart)],
    ['Period end', dateOrNotSet(user.subscription.currentPeriodEnd)],
  ];

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-line bg-muted/40 p-4 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="min-w-0 text-right tabular-nums wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={values.endTrial ? 'inactive' : values.subscriptionStatus}
          disabled={values.endTrial}
          placeholder="Select a status"
          options={SUBSCRIPTION_OPTIONS}
          onValueChange={(value) => setValues((current) => ({ ...current, subscriptionStatus: value as SubscriptionStatus }))}
        />
      </div>

      <div className="grid gap-2">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-0.5">
            <Label htmlFor={`${id}-end-trial`}>End Trial</Label>
            <p id={`${id}-end-trial-hint`} className="text-xs text-ink-muted">
              Mark trial as expired and set status to inactive
            </p>
          </div>
          <Switch
            id={`${id}-end-trial`}
            aria-describedby={`${id}-end-trial-hint`}
            checked={values.endTrial}
            onCheckedChange={(checked) => setValues((current) => ({ ...current, endTrial: checked }))}
          />
        </div>
        {values.endTrial && (
          <p
            role="note"
            className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-xs text-ink"
          >
            <AlertTriangle aria-hidden className="mt-px size-4 shrink-0 text-warning" />
            Note: This will force subscription status to inactive and block user access
          </p>
        )}
      </div>

      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-had-paid`}>Had Paid Subscription</Label>
          <p id={`${id}-had-paid-hint`} className="text-xs text-ink-muted">
            Mark user as having had a paid subscription before. This affects messaging and the button text ('Renew' vs
            'Subscribe').
          </p>
        </div>
        <Switch
          id={`${id}-had-paid`}
          aria-describedby={`${id}-had-paid-hint`}
          checked={values.hasHadPaidSubscription}
          onCheckedChange={(checked) => setValues((current) => ({ ...current, hasHadPaidSubscription: checked }))}
        />
      </div>

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending}>
          Update Subscription
        </Button>
      </DialogFooter>
    </form>
  );
}
