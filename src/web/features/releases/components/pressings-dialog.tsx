import { useQuery } from '@tanstack/react-query';
import { RotateCw, SearchX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Pressing } from '../../../../common/releases.schemas';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { CoverImage } from '../../cover-art/components/cover-image';
import { pressingSearchUrl, releaseErrorText, searchPressings, type PressingSearch } from '../api';

/** The archive's 250 px front for the list: a tenth of the bytes of the 500 px one the form imports. */
const thumbnailOf = (coverUrl: string | null) => coverUrl?.replace(/\/front-500$/, '/front-250') ?? null;

/** "1959 · United States · Columbia CL 1355": what tells pressings apart, in a collector's order. */
export function pressingDetails(pressing: Pressing): string[] {
  const label = [pressing.label, pressing.catalogNumber].filter(Boolean).join(' ');
  return [pressing.year === null ? null : String(pressing.year), pressing.country, label || null, pressing.format].filter(
    (part): part is string => Boolean(part),
  );
}

export function searchDescription(search: PressingSearch): string {
  return search.kind === 'barcode'
    ? `Pressings with the barcode ${search.barcode} on MusicBrainz. Choose yours to fill in the album.`
    : `Pressings of “${search.title.trim()}” by ${search.artist.trim()} on MusicBrainz. Choose yours to fill in the album.`;
}

export interface PressingsDialogProps {
  search: PressingSearch | null;
  onOpenChange: (open: boolean) => void;
  /** Whether the form already holds details of the user's own (then "Replace…" is offered). */
  hasEnteredDetails: boolean;
  /** Fills the form from the chosen pressing; the dialog closes when it resolves. */
  onChoose: (pressing: Pressing, replace: boolean) => Promise<void>;
  /** An empty answer, so the form can say so after the dialog closes. */
  onNoMatch?: (search: PressingSearch) => void;
}

/**
 * Autofill's one step (docs/product/releases.md#autofill): MusicBrainz's pressings of a title
 * and artist or of a barcode, as a list of buttons (Tab and Enter choose; Escape closes), with
 * loading, empty and error states.
 */
export function PressingsDialog({ search, onOpenChange, hasEnteredDetails, onChoose, onNoMatch }: PressingsDialogProps) {
  const [replace, setReplace] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);
  const replaceId = useId();
  const results = useQuery({
    queryKey: ['releases', search ? pressingSearchUrl(search) : null],
    queryFn: ({ signal }) => searchPressings(search!, signal),
    enabled: search !== null,
    // A failed search is shown with Try again: retrying on its own would only queue more MusicBrainz calls.
    retry: false,
    staleTime: 5 * 60_000,
  });

  const empty = results.data?.length === 0;
  useEffect(() => {
    if (empty && search) onNoMatch?.(search);
  }, [empty, search, onNoMatch]);

  async function choose(pressing: Pressing) {
    if (choosing) return;
    setChoosing(pressing.releaseId);
    try {
      await onChoose(pressing, replace);
      onOpenChange(false);
    } finally {
      setChoosing(null);
    }
  }

  const pressings = results.data;
  return (
    <Dialog open={search !== null} onOpenChange={(open) => !choosing && onOpenChange(open)}>
      {search && (
        <DialogContent title="Choose your pressing" description={searchDescription(search)} size="lg">
          {results.isPending && (
            <ul role="status" aria-label="Searching MusicBrainz" className="grid gap-2">
              {[0, 1, 2].map((i) => (
                <li key={i} className="flex items-center gap-3 rounded-xl border border-line p-3">
                  <Skeleton className="size-14 shrink-0 rounded-lg" />
                  <div className="grid flex-1 gap-2">
                    <Skeleton className="h-4 w-2/3" />
                    <Skeleton className="h-3 w-1/2" />
                  </div>
                </li>
              ))}
            </ul>
          )}

          {results.isError && (
            <div
              role="alert"
              className="grid justify-items-start gap-3 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm"
            >
              <p>{releaseErrorText(results.error)}</p>
              <Button variant="secondary" size="sm" onClick={() => void results.refetch()} loading={results.isFetching}>
                {!results.isFetching && <RotateCw aria-hidden />}
                Try again
              </Button>
            </div>
          )}

          {pressings?.length === 0 && (
            <div className="flex items-start gap-3 rounded-xl border border-dashed border-line p-4 text-sm">
              <SearchX aria-hidden className="mt-0.5 size-5 shrink-0 text-ink-muted" />
              <div className="grid gap-0.5">
                <p className="font-medium">No pressings found</p>
                <p className="text-ink-muted">
                  {search.kind === 'barcode'
                    ? `MusicBrainz has no pressing with the barcode ${search.barcode}. Fill in the details yourself; the barcode stays noted on the form.`
                    : 'MusicBrainz has nothing for this title and artist. Check the spelling, or fill in the details yourself.'}
                </p>
              </div>
            </div>
          )}

          {pressings && pressings.length > 0 && (
            <>
              <p className="text-xs text-ink-muted" aria-live="polite">
                {pressings.length === 1 ? '1 pressing' : `${pressings.length} pressings`}, best match first.
              </p>
              <ul aria-label="Pressings" className="grid max-h-[55dvh] gap-2 overflow-y-auto p-0.5">
                {pressings.map((pressing) => {
                  const busy = choosing === pressing.releaseId;
                  const details = pressingDetails(pressing);
                  return (
                    <li key={pressing.releaseId}>
                      <button
                        type="button"
                        onClick={() => void choose(pressing)}
                        aria-busy={busy || undefined}
                        aria-disabled={(choosing !== null && !busy) || undefined}
                        className={cn(
                          'flex w-full min-w-0 items-center gap-3 rounded-xl border border-line bg-surface p-3 text-left',
                          'transition-colors duration-150 hover:border-accent/60 hover:bg-accent-soft/40',
                          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                          choosing !== null && !busy && 'opacity-60',
                        )}
                      >
                        <span className="relative size-14 shrink-0 overflow-hidden rounded-lg border border-line">
                          <CoverImage coverUrl={thumbnailOf(pressing.coverUrl)} alt="" size="full" />
                          {busy && (
                            <span className="absolute inset-0 grid place-items-center bg-ink/45">
                              <Spinner className="size-5 text-paper" label="Filling in this pressing" />
                            </span>
                          )}
                        </span>
                        <span className="grid min-w-0 flex-1 gap-0.5">
                          <span className="font-medium wrap-anywhere sm:truncate">
                            {pressing.title}
                            <span className="font-normal text-ink-muted"> · {pressing.artist}</span>
                          </span>
                          {details.length > 0 && (
                            <span className="text-sm text-ink-muted tabular-nums wrap-anywhere sm:truncate">{details.join(' · ')}</span>
                          )}
                          <span className="text-xs text-ink-muted tabular-nums wrap-anywhere sm:truncate">
                            {[
                              pressing.genre,
                              pressing.barcode ? `Barcode ${pressing.barcode}` : null,
                              pressing.hasFrontCover ? 'Front cover' : 'No cover art',
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              {hasEnteredDetails && (
                <div className="flex items-center gap-2">
                  <Checkbox id={replaceId} checked={replace} onCheckedChange={(checked) => setReplace(checked === true)} />
                  <label htmlFor={replaceId} className="text-sm">
                    Replace details I already entered
                  </label>
                </div>
              )}
            </>
          )}

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost" disabled={choosing !== null}>
                {pressings?.length === 0 && search.kind === 'barcode' ? 'Fill in by hand' : 'Cancel'}
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
