import { Controller, type FieldErrors } from 'react-hook-form';
import { ALBUM_DETAIL_LIMITS } from '../../../../common/album-details.schemas';
import { ALBUM_FORMATS, ALBUM_FORMAT_NAMES } from '../../../../common/album-formats';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { NOT_SET } from '../../albums/components/album-form-fields';
import type { WishFormApi, WishFormValues } from '../wish-form-values';
import { PRIORITY_NAMES } from '../wish-view';

const FORMAT_OPTIONS = [
  { value: NOT_SET, label: 'No format' },
  ...ALBUM_FORMATS.map((value) => ({ value, label: ALBUM_FORMAT_NAMES[value] })),
];
const PRIORITY_OPTIONS = (['1', '2', '3'] as const).map((value) => ({ value, label: PRIORITY_NAMES[Number(value)]! }));

interface FieldsProps {
  form: WishFormApi;
  errors: FieldErrors<WishFormValues>;
}

/** Title and artist (required), how much it is wanted and the most it may cost. */
export function WishIdentityFields({ form, errors, focusTitle }: FieldsProps & { focusTitle: boolean }) {
  const { register, control } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="wish-title" label="Title" error={errors.title?.message} required>
        {(aria) => <Input {...aria} autoComplete="off" autoFocus={focusTitle} {...register('title')} />}
      </FormField>
      <FormField id="wish-artist" label="Artist" error={errors.artist?.message} required>
        {(aria) => <Input {...aria} autoComplete="off" {...register('artist')} />}
      </FormField>
      <FormField id="wish-priority" label="Priority" error={errors.priority?.message}>
        {(aria) => (
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <Select {...aria} name={field.name} value={field.value} onValueChange={field.onChange} options={PRIORITY_OPTIONS} />
            )}
          />
        )}
      </FormField>
      {/* Text, not type="number": the shared schema reads a comma or a point as the decimal mark. */}
      <FormField id="wish-max-price" label="Max price (USD)" hint="The most you would pay." error={errors.maxPrice?.message}>
        {(aria) => (
          <Input {...aria} type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" className="tabular-nums" {...register('maxPrice')} />
        )}
      </FormField>
    </div>
  );
}

/** The pressing wanted: format, the edition in the collector's words, catalogue number and barcode. */
export function WishPressingFields({ form, errors }: FieldsProps) {
  const { register, control } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="wish-format" label="Format" error={errors.format?.message}>
        {(aria) => (
          <Controller
            control={control}
            name="format"
            render={({ field }) => (
              <Select
                {...aria}
                name={field.name}
                value={field.value || undefined}
                onValueChange={(value) => field.onChange(value === NOT_SET ? '' : value)}
                options={FORMAT_OPTIONS}
                placeholder="Any format"
              />
            )}
          />
        )}
      </FormField>
      <FormField id="wish-catalog-number" label="Catalogue number" error={errors.catalogNumber?.message}>
        {(aria) => (
          <Input {...aria} autoComplete="off" placeholder="e.g. BLP 4003" maxLength={ALBUM_DETAIL_LIMITS.catalogNumber} {...register('catalogNumber')} />
        )}
      </FormField>
      <FormField id="wish-pressing" label="Pressing" error={errors.pressing?.message} className="sm:col-span-2">
        {(aria) => (
          <Input
            {...aria}
            autoComplete="off"
            placeholder="e.g. 2016 Blue Note 80 reissue, 180 g"
            maxLength={ALBUM_DETAIL_LIMITS.pressing}
            {...register('pressing')}
          />
        )}
      </FormField>
      <FormField
        id="wish-barcode"
        label="Barcode"
        hint="EAN-13, UPC-A or EAN-8; spaces and dashes are fine."
        error={errors.barcode?.message}
      >
        {(aria) => <Input {...aria} autoComplete="off" inputMode="numeric" className="tabular-nums" {...register('barcode')} />}
      </FormField>
      <FormField
        id="wish-notes"
        label="Notes"
        hint="Private: never shown on the gift list."
        error={errors.notes?.message}
        className="sm:col-span-2"
      >
        {(aria) => <Textarea {...aria} rows={3} maxLength={ALBUM_DETAIL_LIMITS.notes} {...register('notes')} />}
      </FormField>
    </div>
  );
}
