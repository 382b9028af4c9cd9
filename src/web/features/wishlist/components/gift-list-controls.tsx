import { Copy, Gift, LinkIcon, Unlink } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorToast, toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { copyText } from '../../../lib/copy-text';
import { giftListPath, useDisableWishlistShare, useShareWishlist } from '../api';

/**
 * The gift list (docs/product/wishlist.md#gift-list-controls): Share gift list shows the read-only link
 * with Copy; Disable link turns it off at once. The link is shown after Share gift list, which answers the
 * link in force rather than a new one, so pressing it again on a later visit shows the same address.
 */
export function GiftListControls() {
  const share = useShareWishlist();
  const disable = useDisableWishlistShare();
  const [link, setLink] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const onShare = () =>
    share.mutate(undefined, {
      onSuccess: ({ shareToken }) => setLink(`${window.location.origin}${giftListPath(shareToken)}`),
      onError: (error) => errorToast(errorMessage(error)),
    });
  const onDisable = () =>
    disable.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        toast({ title: 'Gift list link disabled', description: 'The old link no longer opens your gift list.', variant: 'success' });
      },
      onError: (error) => errorToast(errorMessage(error)),
    });
  const onCopy = async () => {
    if (!link) return;
    if (await copyText(link, field.current)) {
      toast({ title: 'Link Copied', description: 'Share link copied to clipboard', variant: 'success' });
    } else {
      field.current?.select();
      errorToast('The link could not be copied. It is selected: copy it with your keyboard.');
    }
  };

  return (
    <section aria-labelledby="gift-list-title" className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="gift-list-title" className="flex items-center gap-2 text-base font-semibold tracking-tight">
            <Gift aria-hidden className="size-5 text-accent" />
            Gift list
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            A read-only link for family and friends: titles, formats, covers and priorities, never your prices or notes.
          </p>
        </div>
        {!link && (
          <Button variant="secondary" loading={share.isPending} onClick={onShare}>
            {!share.isPending && <LinkIcon aria-hidden />}
            Share gift list
          </Button>
        )}
      </div>
      {link && (
        <div className="mt-4 grid gap-1.5">
          <Label htmlFor="gift-list-link">Gift list link</Label>
          <div className="flex flex-wrap gap-2">
            <Input id="gift-list-link" ref={field} readOnly value={link} spellCheck={false} className="min-w-0 flex-1 basis-56 font-mono text-xs" />
            <Button variant="secondary" autoFocus onClick={() => void onCopy()}>
              <Copy aria-hidden />
              Copy
            </Button>
            <Button variant="ghost" className="text-danger hover:bg-danger/10" loading={disable.isPending} onClick={onDisable}>
              {!disable.isPending && <Unlink aria-hidden />}
              Disable link
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
