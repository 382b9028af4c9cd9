import { PackageCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { Album } from '../../../../common/albums.schemas';
import { todayIsoDate } from '../../../../common/albums.schemas';
import type { Wish } from '../../../../common/wishlist.schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError, errorMessage, isApiError } from '../../../lib/api-client';
import { errorToast } from '../../../components/ui/use-toast';
import { isDuplicateAlbumError } from '../../albums/album-form-values';
import { useAcquireWish, type Purchase } from '../api';

type PurchaseField = 'collection' | 'price' | 'purchaseDate' | 'purchaseLocation';

export interface GotItDialogProps {
  /** The wish bought; null while closed. */
  wish: Wish | null;
  onOpenChange: (open: boolean) => void;
  collections: readonly string[] | undefined;
  /** The collection the home has selected: the dialog starts there. */
  defaultCollection: string | null;
  onAcquired: (album: Album, wish: Wish) => void;
}

/**
 * Got it (docs/product/wishlist.md#got-it): where the record goes and what it cost. The server checks
 * every field as the album form does and answers its messages, shown under their fields; a copy
 * already in that collection asks first, as adding an album does.
 */
export function GotItDialog({ wish, onOpenChange, collections, defaultCollection, onAcquired }: GotItDialogProps) {
  return (
    <Dialog open={wish !== null} onOpenChange={onOpenChange}>
      {wish && (
        <DialogContent size="sm" title="Got it!" description={`Where does “${wish.title}” by ${wish.artist} go?`}>
          {collections && collections.length === 0 ? (
            <div className="grid gap-4">
              <p className="text-sm text-ink-muted">Albums live in collections. Create one first, then come back for this record.</p>
              <DialogFooter>
                <Button asChild>
                  <Link href="/">Go to your collections</Link>
                </Button>
              </DialogFooter>
            </div>
          ) : (
            <PurchaseForm
              key={wish.id}
              wish={wish}
              collections={collections ?? []}
              defaultCollection={defaultCollection}
              onAcquired={onAcquired}
            />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function PurchaseForm({ wish, collections, defaultCollection, onAcquired }: Omit<GotItDialogProps, 'wish' | 'onOpenChange' | 'collections'> & { wish: Wish; collections: readonly string[] }) {
  const acquire = useAcquireWish();
  const [values, setValues] = useState<Record<PurchaseField, string>>({
    collection: defaultCollection && collections.includes(defaultCollection) ? defaultCollection : (collections[0] ?? ''),
    price: '',
    purchaseDate: '',
    purchaseLocation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<PurchaseField, string>>>({});
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const set = (field: PurchaseField) => (value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    if (field === 'collection') setDuplicate(null);
  };

  const send = async (allowDuplicate: boolean) => {
    const purchase: Purchase = {
      collection: values.collection,
      ...(values.price.trim() ? { price: values.price.trim() } : {}),
      ...(values.purchaseDate ? { purchaseDate: values.purchaseDate } : {}),
      ...(values.purchaseLocation.trim() ? { purchaseLocation: values.purchaseLocation.trim() } : {}),
      ...(allowDuplicate ? { allowDuplicate: true } : {}),
    };
    setErrors({});
    try {
      const album = await acquire.mutateAsync({ id: wish.id, purchase });
      onAcquired(album, wish);
    } catch (error) {
      if (!allowDuplicate && isDuplicateAlbumError(error)) {
        setDuplicate(isApiError(error) ? (error.serverMessage ?? '') : '');
        return;
      }
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      // The free tier's refusal (402), a collection gone (404) and the rest: the server's own words.
      errorToast(errorMessage(error));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Got it">
      <FormField id="got-it-collection" label="Collection" error={errors.collection} required>
        {(aria) => (
          <Select
            {...aria}
            value={values.collection || undefined}
            onValueChange={set('collection')}
            options={collections.map((name) => ({ value: name, label: name }))}
            placeholder="Choose a collection"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="got-it-price" label="Price (USD)" error={errors.price}>
          {(aria) => (
            <Input
              {...aria}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              className="tabular-nums"
              value={values.price}
              onChange={(event) => set('price')(event.target.value)}
            />
          )}
        </FormField>
        <FormField id="got-it-date" label="Purchase date" error={errors.purchaseDate}>
          {(aria) => <Input {...aria} type="date" max={todayIsoDate()} value={values.purchaseDate} onChange={(event) => set('purchaseDate')(event.target.value)} />}
        </FormField>
      </div>
      <FormField id="got-it-location" label="Purchase location" error={errors.purchaseLocation}>
        {(aria) => (
          <Input
            {...aria}
            placeholder="A shop, a fair, a website"
            value={values.purchaseLocation}
            onChange={(event) => set('purchaseLocation')(event.target.value)}
          />
        )}
      </FormField>
      {duplicate !== null && (
        <div role="alert" className="grid gap-3 rounded-xl border border-accent/50 bg-accent-soft/60 p-3 text-sm">
          <p>{duplicate}</p>
          <Button variant="secondary" size="sm" className="justify-self-start" loading={acquire.isPending} onClick={() => void send(true)}>
            Add Anyway
          </Button>
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={acquire.isPending && duplicate === null} disabled={duplicate !== null}>
          {!(acquire.isPending && duplicate === null) && <PackageCheck aria-hidden />}
          Add to collection
        </Button>
      </DialogFooter>
    </form>
  );
}
