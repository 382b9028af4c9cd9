import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { COLLECTION_NAME_MAX_LENGTH, collectionRequestSchema, type CollectionRequest } from '../../../../common/collections.schemas';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

export interface CollectionNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'create' for a new collection, 'rename' for an existing one. */
  mode: 'create' | 'rename';
  /** The current name when renaming. */
  initialName?: string;
  pending: boolean;
  /**
   * Saves the trimmed name; resolves with a message to show under the field when the server
   * refused it (a name clash), or nothing when it was saved.
   */
  onSubmit: (name: string) => Promise<string | void>;
}

const copy = {
  create: { title: 'New collection', description: 'Name a shelf, a crate or a wish list.', action: 'Create' },
  rename: { title: 'Rename collection', description: 'Its albums move with it.', action: 'Save' },
} as const;

/** Create or rename a collection: one name field, required after trimming (docs/product/collections.md#fields). */
export function CollectionNameDialog({ open, onOpenChange, mode, initialName = '', pending, onSubmit }: CollectionNameDialogProps) {
  const form = useForm<CollectionRequest, unknown, { name: string }>({
    resolver: zodResolver(collectionRequestSchema),
    defaultValues: { name: initialName },
  });
  const { errors } = form.formState;
  const { reset } = form;

  // Each opening starts from the current name, without last time's message.
  useEffect(() => {
    if (open) reset({ name: initialName });
  }, [open, initialName, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    const refusal = await onSubmit(name);
    if (refusal) form.setError('name', { type: 'server', message: refusal }, { shouldFocus: true });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title={copy[mode].title} description={copy[mode].description}>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <FormField id={`collection-name-${mode}`} label="Name" error={errors.name?.message} required>
            {(control) => (
              <Input {...control} autoComplete="off" placeholder="e.g. Living room shelf" autoFocus maxLength={COLLECTION_NAME_MAX_LENGTH} {...form.register('name')} />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              {copy[mode].action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
