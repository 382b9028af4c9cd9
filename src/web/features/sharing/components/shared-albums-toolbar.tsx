import { ArrowDownAZ, ArrowDownZA } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import type { SharedSortField } from '../../../../common/sharing.schemas';
import { albumCountText, type SharedAlbumsView } from '../shared-view';

// Radix Select reserves '' for "nothing chosen"; artist options carry a prefix so no name can clash.
const ALL_ARTISTS = 'all';
const artistValue = (artist: string) => `artist:${artist}`;

const SORT_OPTIONS: readonly SelectOption[] = [
  { value: 'title', label: 'Title' },
  { value: 'artist', label: 'Artist' },
];

export interface SharedAlbumsToolbarProps {
  view: SharedAlbumsView;
  onViewChange: (view: SharedAlbumsView) => void;
  /** The artists list; null while it loads or when it could not be read (the filter waits). */
  artists: string[] | null;
  count: number;
  updating: boolean;
}

/**
 * docs/product/sharing.md#public-page: an artist filter, a sort field (title or artist), an
 * ascending/descending toggle, the count.
 */
export function SharedAlbumsToolbar({ view, onViewChange, artists, count, updating }: SharedAlbumsToolbarProps) {
  const artistOptions: SelectOption[] = [
    { value: ALL_ARTISTS, label: 'All artists' },
    ...(artists ?? []).map((artist) => ({ value: artistValue(artist), label: artist })),
  ];
  const descending = view.sortOrder === 'desc';

  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-line pb-5">
      <div className="grid w-full gap-1.5 sm:w-56">
        <Label htmlFor="shared-artist">Artist</Label>
        <Select
          id="shared-artist"
          value={view.artist ? artistValue(view.artist) : ALL_ARTISTS}
          onValueChange={(value) => onViewChange({ ...view, artist: value === ALL_ARTISTS ? '' : value.slice('artist:'.length) })}
          options={artistOptions}
          disabled={artists === null}
        />
      </div>
      <div className="grid min-w-0 flex-1 gap-1.5 sm:w-40 sm:flex-none">
        <Label htmlFor="shared-sort">Sort by</Label>
        <Select
          id="shared-sort"
          value={view.sortBy}
          onValueChange={(value) => onViewChange({ ...view, sortBy: value as SharedSortField })}
          options={SORT_OPTIONS}
        />
      </div>
      <Button
        variant="secondary"
        className="w-36"
        title={descending ? 'Z to A: switch to ascending' : 'A to Z: switch to descending'}
        onClick={() => onViewChange({ ...view, sortOrder: descending ? 'asc' : 'desc' })}
      >
        {descending ? <ArrowDownZA aria-hidden /> : <ArrowDownAZ aria-hidden />}
        {descending ? 'Descending' : 'Ascending'}
      </Button>
      <p className="flex h-10 items-center gap-2 text-sm text-ink-muted tabular-nums sm:ml-auto" aria-live="polite">
        {updating && <Spinner label="Updating the album list" />}
        <span data-testid="shared-album-count">{albumCountText(count)}</span>
      </p>
    </div>
  );
}
