import { Copy } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorToast, toast } from '../../../components/ui/use-toast';
import { copyText } from '../../../lib/copy-text';

export interface ShareStoresDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: string;
}

/** docs/product/record-stores.md#page: Share Your Record Stores (425 px): the read-only link, Copy and Close. */
export function ShareStoresDialog({ open, onOpenChange, link }: ShareStoresDialogProps) {
  const field = useRef<HTMLInputElement>(null);
  const onCopy = async () => {
    if (await copyText(link, field.current)) {
      toast({ title: 'Link Copied', description: 'Share link copied to clipboard', variant: 'success' });
    } else {
      field.current?.select();
      errorToast('The link could not be copied. It is selected: copy it with your keyboard.');
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        title="Share Your Record Stores"
        description="Use this link to share your record store collection with others."
      >
        <div className="grid gap-1.5">
          <Label htmlFor="stores-share-link">Share link</Label>
          <div className="flex gap-2">
            <Input
              id="stores-share-link"
              ref={field}
              readOnly
              value={link}
              spellCheck={false}
              className="min-w-0 flex-1 font-mono text-xs"
            />
            <Button variant="secondary" autoFocus onClick={() => void onCopy()}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
