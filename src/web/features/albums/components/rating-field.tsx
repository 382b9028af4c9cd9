import { Star } from 'lucide-react';
import { useWatch, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { RATING_MAX, RATING_MIN } from '../../../../common/album-details.schemas';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { AlbumFormControl, AlbumFormValues } from '../album-form-values';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/**
 * Rating 1–5 as native radios drawn as stars: the arrow keys move between them as in any radio group;
 * Clear empties it (docs/product/albums.md#pressing--details).
 */
export function RatingField({
  control,
  register,
  setValue,
  error,
}: {
  control: AlbumFormControl;
  register: UseFormRegister<AlbumFormValues>;
  setValue: UseFormSetValue<AlbumFormValues>;
  error?: string;
}) {
  const rating = Number(useWatch({ control, name: 'rating' }) || 0);
  return (
    <fieldset className="grid min-w-0 content-start gap-1.5" aria-describedby={error ? 'album-rating-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Rating</legend>
      <div className="flex items-center gap-1">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="relative grid size-10 cursor-pointer place-items-center rounded-lg hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent/60"
          >
            <input type="radio" value={String(stars)} className="peer sr-only" {...register('rating')} />
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            <Star aria-hidden className={cn('size-6', stars <= rating ? 'fill-accent text-accent' : 'text-ink-muted')} />
          </label>
        ))}
        <Button
          variant="ghost"
          size="sm"
          className="ml-1"
          disabled={rating === 0}
          onClick={() => setValue('rating', '', { shouldDirty: true, shouldValidate: true })}
        >
          Clear rating
        </Button>
      </div>
      {error && (
        <p id="album-rating-error" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
