import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import type { RecordStoreRequest } from '../../../../common/record-stores.schemas';
import { EMPTY_STORE_FORM, requestOf, storeFormSchema, type StoreFormValues } from '../store-form-values';

export interface StoreFormDialogProps {
  mode: 'add' | 'edit';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The edited store's values (edit), else the empty form. */
  initialValues?: StoreFormValues;
  busy: boolean;
  /** Resolves when saved; rejects to keep the dialog open (docs/product/record-stores.md#page: failures are only logged). */
  onSubmit: (store: RecordStoreRequest) => Promise<void>;
}

const TEXTS = {
  add: { title: 'Add Record Store', description: 'Enter the details of the record store you visited.', submit: 'Add Store' },
  edit: { title: 'Edit Record Store', description: 'Update the details of this record store.', submit: 'Save Changes' },
} as const;

const FIELD_NAMES = Object.keys(EMPTY_STORE_FORM) as (keyof StoreFormValues)[];

/** docs/product/record-stores.md#page: the Add and Edit Record Store dialogs (500 px). */
export function StoreFormDialog({ mode, open, onOpenChange, initialValues, busy, onSubmit }: StoreFormDialogProps) {
  const form = useForm<StoreFormValues>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: initialValues ?? EMPTY_STORE_FORM,
  });
  const { errors } = form.formState;
  const texts = TEXTS[mode];

  useEffect(() => {
    if (open) form.reset(initialValues ?? EMPTY_STORE_FORM);
  }, [open, initialValues, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(requestOf(values));
    } catch (error) {
      // The server's field messages go under their fields; anything else is only logged
      // (docs/product/record-stores.md#page).
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if ((FIELD_NAMES as string[]).includes(field))
            form.setError(field as keyof StoreFormValues, { type: 'server', message });
        }
      }
    }
  });

  const field = (
    name: keyof StoreFormValues,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; className?: string; inputMode?: 'decimal' } = {},
  ) => (
    <FormField
      id={`store-${name}`}
      label={label}
      error={errors[name]?.message}
      required={options.required}
      className={options.className}
    >
      {(control) => (
        <Input
          {...control}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          inputMode={options.inputMode}
          {...form.register(name)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md" title={texts.title} description={texts.description}>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <p className="text-xs text-ink-muted">
            Fields marked <span aria-hidden="true" className="text-danger">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          {field('name', 'Store Name', { required: true })}
          {field('streetAddress', 'Street Address', { required: true, autoComplete: 'address-line1' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('city', 'City', { required: true, autoComplete: 'address-level2' })}
            {field('state', 'State/Province', { required: true, autoComplete: 'address-level1' })}
            {field('zipCode', 'Zip/Postal Code', { autoComplete: 'postal-code' })}
            {field('country', 'Country', { autoComplete: 'country-name' })}
          </div>
          {field('website', 'Website', { type: 'url', autoComplete: 'url' })}
          <FormField id="store-notes" label="Notes" error={errors.notes?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('latitude', 'Latitude', { inputMode: 'decimal' })}
            {field('longitude', 'Longitude', { inputMode: 'decimal' })}
          </div>
          <p className="-mt-2 text-xs text-ink-muted">Leave the coordinates empty to have them looked up from the address.</p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={busy}>
              {texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
