import { Plus, X } from 'lucide-react';
import { useFieldArray, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ALBUM_DETAIL_LIMITS } from '../../../../common/album-details.schemas';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { AlbumFormControl, AlbumFormValues } from '../album-form-values';

const EMPTY_TRACK = { position: '', title: '', duration: '' };

/**
 * The tracklist as rows of position, title and duration; rows are added at the end and removed one by
 * one, up to the list's limit (docs/product/albums.md#pressing--details).
 */
export function TracklistFields({
  control,
  register,
  errors,
}: {
  control: AlbumFormControl;
  register: UseFormRegister<AlbumFormValues>;
  errors: FieldErrors<AlbumFormValues>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'tracklist' });
  const full = fields.length >= ALBUM_DETAIL_LIMITS.tracks;
  const listError = errors.tracklist?.message ?? errors.tracklist?.root?.message;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={listError ? 'album-tracklist-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Tracklist</legend>
      {fields.length > 0 && (
        <ol className="grid gap-2" aria-label="Tracks">
          {fields.map((field, index) => {
            const rowErrors = errors.tracklist?.[index];
            const messages = [rowErrors?.position?.message, rowErrors?.title?.message, rowErrors?.duration?.message].filter(
              Boolean,
            );
            const errorId = `album-track-${index}-error`;
            const describedBy = messages.length ? errorId : undefined;
            const n = index + 1;
            return (
              <li key={field.id} className="grid gap-1" data-testid="track-row">
                {/* A grid, not flex: the inputs are full-width by default and would crowd out the title. */}
                <div className="grid grid-cols-[4rem_minmax(0,1fr)_5rem_auto] items-center gap-2">
                  <Input
                    aria-label={`Track ${n} position`}
                    placeholder="A1"
                    autoComplete="off"
                    maxLength={ALBUM_DETAIL_LIMITS.trackPosition}
                    aria-invalid={Boolean(rowErrors?.position)}
                    aria-describedby={describedBy}
                    {...register(`tracklist.${index}.position`)}
                  />
                  <Input
                    aria-label={`Track ${n} title`}
                    placeholder="Title"
                    autoComplete="off"
                    maxLength={ALBUM_DETAIL_LIMITS.trackTitle}
                    aria-invalid={Boolean(rowErrors?.title)}
                    aria-describedby={describedBy}
                    {...register(`tracklist.${index}.title`)}
                  />
                  <Input
                    aria-label={`Track ${n} duration`}
                    placeholder="3:45"
                    autoComplete="off"
                    inputMode="numeric"
                    className="tabular-nums"
                    maxLength={ALBUM_DETAIL_LIMITS.trackDuration}
                    aria-invalid={Boolean(rowErrors?.duration)}
                    aria-describedby={describedBy}
                    {...register(`tracklist.${index}.duration`)}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="shrink-0"
                    aria-label={`Remove track ${n}`}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                {describedBy && (
                  <p id={errorId} className="text-sm text-danger">
                    {messages.join(' ')}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" disabled={full} onClick={() => append(EMPTY_TRACK)}>
          <Plus aria-hidden />
          Add track
        </Button>
        {full && <p className="text-xs text-ink-muted">A tracklist holds at most {ALBUM_DETAIL_LIMITS.tracks} tracks.</p>}
      </div>
      {listError && (
        <p id="album-tracklist-error" className="text-sm text-danger">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
