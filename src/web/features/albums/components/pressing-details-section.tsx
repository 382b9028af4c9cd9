import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ALBUM_DETAIL_LIMITS } from '../../../../common/album-details.schemas';
import { ALBUM_FORMATS, ALBUM_FORMAT_NAMES } from '../../../../common/album-formats';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { DETAIL_FIELD_NAMES, type AlbumFormApi } from '../album-form-values';
import { NOT_SET, OptionalChoice } from './album-form-fields';
import { RatingField } from './rating-field';
import { TracklistFields } from './tracklist-fields';

const FORMAT_OPTIONS = [
  { value: NOT_SET, label: 'No format' },
  ...ALBUM_FORMATS.map((value) => ({ value, label: ALBUM_FORMAT_NAMES[value] })),
];

/**
 * Pressing & details (docs/product/albums.md#pressing--details): closed for a quick add, open when the
 * album already has a detail. A field it hides that fails validation opens it, so no message is hidden.
 */
export function PressingDetailsSection({
  form,
  initiallyOpen,
  notesOffline,
}: {
  form: AlbumFormApi;
  initiallyOpen: boolean;
  notesOffline: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const { errors } = form.formState;
  const { register } = form;
  const detailError = DETAIL_FIELD_NAMES.some((name) => errors[name]);
  useEffect(() => {
    if (detailError) setOpen(true);
  }, [detailError]);

  return (
    <section aria-labelledby="section-pressing-details" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="section-pressing-details" className="text-base font-semibold tracking-tight">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="pressing-details-fields"
          className="-m-1 flex w-[calc(100%+0.5rem)] items-center justify-between gap-3 rounded-md p-1 text-left focus-visible:outline-2 focus-visible:outline-accent/60"
          onClick={() => setOpen((was) => !was)}
        >
          Pressing &amp; details
          <ChevronDown aria-hidden className={cn('size-5 shrink-0 text-ink-muted transition-transform', open && 'rotate-180')} />
        </button>
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Format, catalogue number, barcode, rating, shelf, notes and tracklist.</p>
      {/* Hidden rather than unmounted: what is typed stays in the form while the section is closed. */}
      <div id="pressing-details-fields" hidden={!open} className="mt-5 grid gap-5 sm:grid-cols-2">
        <OptionalChoice
          control={form.control}
          errors={errors}
          name="format"
          id="album-format"
          label="Format"
          options={FORMAT_OPTIONS}
          placeholder="Choose a format"
        />
        <FormField id="album-catalog-number" label="Catalogue number" error={errors.catalogNumber?.message}>
          {(aria) => (
            <Input
              {...aria}
              autoComplete="off"
              placeholder="e.g. BLP 4003"
              maxLength={ALBUM_DETAIL_LIMITS.catalogNumber}
              {...register('catalogNumber')}
            />
          )}
        </FormField>
        <FormField
          id="album-detail-barcode"
          label="Barcode"
          hint="EAN-13, UPC-A or EAN-8; spaces and dashes are fine."
          error={errors.barcode?.message}
        >
          {(aria) => <Input {...aria} autoComplete="off" inputMode="numeric" className="tabular-nums" {...register('barcode')} />}
        </FormField>
        <FormField id="album-location" label="Location" error={errors.location?.message}>
          {(aria) => (
            <Input
              {...aria}
              autoComplete="off"
              placeholder="e.g. Shelf B, row 3"
              maxLength={ALBUM_DETAIL_LIMITS.location}
              {...register('location')}
            />
          )}
        </FormField>
        <FormField id="album-pressing" label="Pressing" error={errors.pressing?.message} className="sm:col-span-2">
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
        <div className="sm:col-span-2">
          <RatingField control={form.control} register={register} setValue={form.setValue} error={errors.rating?.message} />
        </div>
        {notesOffline ? (
          <p className="text-sm text-ink-muted sm:col-span-2">
            Notes and the tracklist are not kept on this device. Saving now leaves them as they are.
          </p>
        ) : (
          <>
            <FormField
              id="album-notes"
              label="Notes"
              hint="Private: never shown on a shared page."
              error={errors.notes?.message}
              className="sm:col-span-2"
            >
              {(aria) => <Textarea {...aria} rows={4} maxLength={ALBUM_DETAIL_LIMITS.notes} {...register('notes')} />}
            </FormField>
            <div className="sm:col-span-2">
              <TracklistFields control={form.control} register={register} errors={errors} />
            </div>
          </>
        )}
        <FormField id="album-discogs-release-id" label="Discogs release id" error={errors.discogsReleaseId?.message}>
          {(aria) => (
            <Input
              {...aria}
              autoComplete="off"
              inputMode="numeric"
              placeholder="e.g. 1234567"
              className="tabular-nums"
              {...register('discogsReleaseId')}
            />
          )}
        </FormField>
        <FormField id="album-musicbrainz-release-id" label="MusicBrainz release id" error={errors.musicbrainzReleaseId?.message}>
          {(aria) => <Input {...aria} autoComplete="off" spellCheck={false} {...register('musicbrainzReleaseId')} />}
        </FormField>
      </div>
    </section>
  );
}
