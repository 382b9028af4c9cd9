import { useState } from 'react';
import { FREE_TIER_MAX_ALBUMS_PER_COLLECTION, FREE_TIER_MAX_COLLECTIONS } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useCancelSubscription } from '../api';

/** POST /api/subscription/cancel behind a confirmation, with the toasts of docs/product/subscription.md#cancel. */
export function CancelSubscriptionButton() {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const confirm = () => {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Subscription Canceled', description: 'Your subscription has been canceled successfully.', variant: 'success' });
      },
      onError: (error) => {
        toast({ title: 'Cancellation Failed', description: error.message, variant: 'destructive' });
      },
    });
  };
  return (
    <>
      <Button variant="ghost" className="-mr-3 text-danger!" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel your subscription?"
        description={`Your premium membership ends now and is not renewed. Your account moves to the free tier: you keep every record, and can use up to ${FREE_TIER_MAX_COLLECTIONS} collections of ${FREE_TIER_MAX_ALBUMS_PER_COLLECTION} albums each.`}
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        destructive
        loading={cancel.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
