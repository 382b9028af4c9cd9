import { useEffect, useState, type FormEvent } from 'react';
import type { AlbumBulkChanges } from '../../../../common/album-bulk.schemas';
import { ALBUM_DETAIL_LIMITS } from '../../../../common/album-details.schemas';
import { ALBUM_FORMAT_NAMES, ALBUM_FORMATS } from '../../../../common/album-formats';
import { CONDITIONS, GENRES } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { albumsCountText } from './select-mode-texts';

interface BulkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  pending: boolean;
}

/** Move to collection: any of the collector's other collections. */
export function MoveAlbumsDialog({
  open,
  onOpenChange,
  count,
  pending,
  collections,
  onMove,
}: BulkDialogProps & { collections: readonly string[]; onMove: (collection: string) => void }) {
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (open) {
      setTarget(undefined);
      setError(undefined);
    }
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) setError('Please select a collection');
    else onMove(target);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title="Move to collection" description={`Move the ${albumsCountText(count)} selected to another collection.`}>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormField id="bulk-move-collection" label="Collection" error={error} required>
            {(aria) => (
              <Select
                {...aria}
                value={target}
                onValueChange={(value) => {
                  setTarget(value);
                  setError(undefined);
                }}
                options={collections.map((name) => ({ value: name, label: name }))}
                placeholder="Choose a collection"
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              Move
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The fields Set… can change, one at a time, as the album form names them. */
export const BULK_FIELDS = [
  { value: 'format', label: 'Format' },
  { value: 'genre', label: 'Genre' },
  { value: 'mediaCondition', label: 'Media condition' },
  { value: 'sleeveCondition', label: 'Sleeve condition' },
  { value: 'location', label: 'Location' },
] as const satisfies readonly SelectOption[];
export type BulkField = (typeof BULK_FIELDS)[number]['value'];

/** Radix Select reserves '' for "nothing chosen": this value clears the field, as in the album form. */
const CLEAR = '__not_set__';
const choices = (values: readonly string[], clearLabel: string, label: (value: string) => string = (value) => value): SelectOption[] => [
  { value: CLEAR, label: clearLabel },
  ...values.map((value) => ({ value, label: label(value) })),
];
const CHOICES: Record<Exclude<BulkField, 'location'>, SelectOption[]> = {
  format: choices(ALBUM_FORMATS, 'No format', (value) => ALBUM_FORMAT_NAMES[value as keyof typeof ALBUM_FORMAT_NAMES]),
  genre: choices(GENRES, 'No genre'),
  mediaCondition: choices(CONDITIONS, 'Not graded'),
  sleeveCondition: choices(CONDITIONS, 'Not graded'),
};

/** What the toast says was set: "Format: Vinyl LP", "Location: cleared". */
export function changeText(field: BulkField, value: string): string {
  const label = BULK_FIELDS.find((each) => each.value === field)?.label ?? field;
  if (!value) return `${label}: cleared`;
  const shown = field === 'location' ? value : (CHOICES[field].find((option) => option.value === value)?.label ?? value);
  return `${label}: ${shown}`;
}

/** Set…: one field, then its value with the album form's choices ('' clears it). */
export function SetFieldDialog({
  open,
  onOpenChange,
  count,
  pending,
  onSet,
}: BulkDialogProps & { onSet: (field: BulkField, changes: AlbumBulkChanges, value: string) => void }) {
  const [field, setField] = useState<BulkField>('format');
  const [value, setValue] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (open) {
      setField('format');
      setValue(undefined);
      setError(undefined);
    }
  }, [open]);
  const label = BULK_FIELDS.find((each) => each.value === field)!.label;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (field !== 'location' && value === undefined) {
      setError(`Please choose a ${label.toLowerCase()}`);
      return;
    }
    const chosen = value === CLEAR ? '' : (value ?? '').trim();
    onSet(field, { [field]: chosen === '' ? null : chosen } as AlbumBulkChanges, chosen);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title="Set a field" description={`Set one field the same on the ${albumsCountText(count)} selected.`}>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormField id="bulk-set-field" label="Field">
            {(aria) => (
              <Select
                {...aria}
                value={field}
                onValueChange={(next) => {
                  setField(next as BulkField);
                  setValue(undefined);
                  setError(undefined);
                }}
                options={BULK_FIELDS}
              />
            )}
          </FormField>
          <FormField
            id="bulk-set-value"
            label={label}
            error={error}
            hint={field === 'location' ? 'Leave it empty to clear the location.' : undefined}
          >
            {(aria) =>
              field === 'location' ? (
                <Input
                  {...aria}
                  autoComplete="off"
                  placeholder="e.g. Shelf 3, left"
                  maxLength={ALBUM_DETAIL_LIMITS.location}
                  value={value ?? ''}
                  onChange={(event) => setValue(event.target.value)}
                />
              ) : (
                <Select
                  {...aria}
                  value={value}
                  onValueChange={(next) => {
                    setValue(next);
                    setError(undefined);
                  }}
                  options={CHOICES[field]}
                  placeholder={`Choose a ${label.toLowerCase()}`}
                />
              )
            }
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              Set
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
