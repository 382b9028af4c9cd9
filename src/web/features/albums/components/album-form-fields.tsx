import { Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { todayIsoDate } from '../../../../common/albums.schemas';
import { CONDITIONS, GENRES, MIN_RELEASE_YEAR } from '../../../../common/constants';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import type { AlbumFormControl, AlbumFormValues } from '../album-form-values';

/** Radix Select reserves '' for "nothing chosen"; this option clears an optional choice. */
export const NOT_SET = '__not_set__';

const optionalChoices = (values: readonly string[], noneLabel: string): SelectOption[] => [
  { value: NOT_SET, label: noneLabel },
  ...values.map((value) => ({ value, label: value })),
];
const GENRE_OPTIONS = optionalChoices(GENRES, 'No genre');
const CONDITION_OPTIONS = optionalChoices(CONDITIONS, 'Not graded');

export interface FieldsProps {
  control: AlbumFormControl;
  register: UseFormRegister<AlbumFormValues>;
  errors: FieldErrors<AlbumFormValues>;
}

type ChoiceName = 'genre' | 'mediaCondition' | 'sleeveCondition' | 'format';

/** An optional select (genre, conditions, format): '' in the form, "No genre" / "Not graded" in the list. */
export function OptionalChoice({ control, errors, name, id, label, options, placeholder }: Omit<FieldsProps, 'register'> & { name: ChoiceName; id: string; label: string; options: SelectOption[]; placeholder: string }) {
  return (
    <FormField id={id} label={label} error={errors[name]?.message}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              {...aria}
              name={field.name}
              value={field.value || undefined}
              onValueChange={(value) => field.onChange(value === NOT_SET ? '' : value)}
              options={options}
              placeholder={placeholder}
            />
          )}
        />
      )}
    </FormField>
  );
}

/** Title, artist and collection, in that order (docs/product/albums.md#form). */
export function IdentityFields({ control, register, errors, collections, focusTitle }: FieldsProps & { collections: readonly string[]; focusTitle: boolean }) {
  const collectionOptions = collections.map((name) => ({ value: name, label: name }));
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="album-title" label="Title" error={errors.title?.message} required>
        {(aria) => <Input {...aria} autoComplete="off" autoFocus={focusTitle} {...register('title')} />}
      </FormField>
      <FormField id="album-artist" label="Artist" error={errors.artist?.message} required>
        {(aria) => <Input {...aria} autoComplete="off" {...register('artist')} />}
      </FormField>
      <FormField id="album-collection" label="Collection" error={errors.collection?.message} required className="sm:col-span-2">
        {(aria) => (
          <Controller
            control={control}
            name="collection"
            render={({ field }) => (
              <Select
                {...aria}
                name={field.name}
                value={field.value || undefined}
                onValueChange={field.onChange}
                options={collectionOptions}
                placeholder="Choose a collection"
              />
            )}
          />
        )}
      </FormField>
    </div>
  );
}

/** purchaseLocation, purchaseDate (today at the latest), price (2 decimals at most, a comma or a point). */
export function PurchaseFields({ register, errors }: Omit<FieldsProps, 'control'>) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="album-purchase-location" label="Purchase location" error={errors.purchaseLocation?.message} className="sm:col-span-2">
        {(aria) => <Input {...aria} placeholder="A shop, a fair, a website" {...register('purchaseLocation')} />}
      </FormField>
      <FormField id="album-purchase-date" label="Purchase date" error={errors.purchaseDate?.message}>
        {(aria) => <Input {...aria} type="date" max={todayIsoDate()} {...register('purchaseDate')} />}
      </FormField>
      {/* Text, not type="number": Chromium turns "12,50" into 1250 before any script sees it; the
          shared schema reads a comma or a point as the decimal mark (parsePriceText). */}
      <FormField id="album-price" label="Price (USD)" error={errors.price?.message}>
        {(aria) => <Input {...aria} type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" className="tabular-nums" {...register('price')} />}
      </FormField>
    </div>
  );
}

/** genre, label, releaseYear (1900 to this year), country, media and sleeve condition. */
export function DetailFields({ control, register, errors, latestYear }: FieldsProps & { latestYear: number }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <OptionalChoice control={control} errors={errors} name="genre" id="album-genre" label="Genre" options={GENRE_OPTIONS} placeholder="Choose a genre" />
      <FormField id="album-label" label="Label" error={errors.label?.message}>
        {(aria) => <Input {...aria} placeholder="e.g. Blue Note" {...register('label')} />}
      </FormField>
      <FormField id="album-release-year" label="Release year" error={errors.releaseYear?.message}>
        {(aria) => (
          <Input {...aria} type="number" inputMode="numeric" step="1" min={MIN_RELEASE_YEAR} max={latestYear} className="tabular-nums" {...register('releaseYear')} />
        )}
      </FormField>
      <FormField id="album-country" label="Country" error={errors.country?.message}>
        {(aria) => <Input {...aria} autoComplete="off" {...register('country')} />}
      </FormField>
      <OptionalChoice control={control} errors={errors} name="mediaCondition" id="album-media-condition" label="Media condition" options={CONDITION_OPTIONS} placeholder="Choose a grade" />
      <OptionalChoice control={control} errors={errors} name="sleeveCondition" id="album-sleeve-condition" label="Sleeve condition" options={CONDITION_OPTIONS} placeholder="Choose a grade" />
    </div>
  );
}
