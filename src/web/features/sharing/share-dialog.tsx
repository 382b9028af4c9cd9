import { Check, Copy, ExternalLink, Link2, Link2Off } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorToast, toast } from '../../components/ui/use-toast';
import { useCreateShareLink, useDisableSharing } from './api';
import { copyText } from '../../lib/copy-text';
import { SHARING_MESSAGES, shareLinkFor } from './shared-view';

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected collection (the caller shows "No collection selected to share" when there is none). */
  collection: { id: number; name: string; shareToken?: string | null };
}

const COPIED_FEEDBACK_MS = 2000;

/**
 * The share token shown: the caller's, unless a create or disable here has answered since and the
 * caller's copy (the collections list, being refetched) has not caught up yet.
 */
function useShownToken(collection: ShareDialogProps['collection']) {
  const [local, setLocal] = useState<{ id: number; token: string | null } | null>(null);
  const given = collection.shareToken ?? null;
  useEffect(() => {
    if (local && (local.id !== collection.id || local.token === given)) setLocal(null);
  }, [local, collection.id, given]);
  const token = local?.id === collection.id ? local.token : given;
  return [token, (next: string | null) => setLocal({ id: collection.id, token: next })] as const;
}

/**
 * The share dialog (docs/product/sharing.md#dialog): no link → Create Share Link → a read-only link with Copy
 * → Disable Sharing → no link.
 */
export function ShareDialog({ open, onOpenChange, collection }: ShareDialogProps) {
  const [token, setToken] = useShownToken(collection);
  const create = useCreateShareLink();
  const disable = useDisableSharing();
  const busy = create.isPending || disable.isPending;

  const onCreate = () =>
    create.mutate(collection.id, {
      onSuccess: ({ shareToken }) => {
        setToken(shareToken);
        toast({
          title: 'Sharing enabled',
          description: 'Anyone with the link now has view-only access to this collection.',
          variant: 'success',
        });
      },
      onError: () => errorToast(SHARING_MESSAGES.createFailed),
    });

  const onDisable = () =>
    disable.mutate(collection.id, {
      onSuccess: () => {
        setToken(null);
        toast({ title: 'Sharing disabled', description: 'The link no longer opens this collection.', variant: 'success' });
      },
      onError: () => errorToast(SHARING_MESSAGES.disableFailed),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title="Share Collection"
        description={
          token
            ? `Anyone with this link can browse “${collection.name}”. They can look, not change anything.`
            : `Create a link that lets family and friends browse “${collection.name}”, read-only.`
        }
      >
        {token ? (
          <SharedLink link={shareLinkFor(window.location.origin, token)} />
        ) : (
          <p className="rounded-xl bg-muted px-4 py-3 text-sm leading-relaxed text-ink-muted">
            Visitors see each album’s cover, title and artist, and your name. Prices, purchase details and who has borrowed a
            record stay private.
          </p>
        )}
        <DialogFooter>
          {token ? (
            <>
              <Button variant="ghost" className="text-danger! hover:bg-danger/10! sm:mr-auto" loading={disable.isPending} disabled={busy} onClick={onDisable}>
                <Link2Off aria-hidden />
                Disable Sharing
              </Button>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </>
          ) : (
            <>
              <DialogClose asChild>
                <Button variant="ghost">Cancel</Button>
              </DialogClose>
              {/* The pressed button leaves with its state; focus moves on to the next thing to do. */}
              <Button autoFocus loading={create.isPending} disabled={busy} onClick={onCreate}>
                {!create.isPending && <Link2 aria-hidden />}
                Create Share Link
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The read-only link with its Copy button. */
function SharedLink({ link }: { link: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (await copyText(link, field.current)) {
      setCopied(true);
      toast({ title: 'Link copied', description: 'Share link copied to clipboard', variant: 'success' });
    } else {
      field.current?.select();
      errorToast('The link could not be copied. It is selected: copy it with your keyboard.');
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor="share-link">Share link</Label>
      <div className="flex gap-2">
        <Input
          id="share-link"
          ref={field}
          readOnly
          value={link}
          spellCheck={false}
          className="min-w-0 flex-1 font-mono text-xs"
        />
        {/* Copying is what one came for: focus starts here (Enter copies). */}
        <Button variant="secondary" autoFocus onClick={() => void onCopy()} aria-label={copied ? 'Copied' : 'Copy link'}>
          {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
          <span aria-hidden>{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex w-fit items-center gap-1 rounded-sm text-xs font-medium text-accent hover:underline"
      >
        Open the shared page
        <ExternalLink aria-hidden className="size-3" />
      </a>
    </div>
  );
}
