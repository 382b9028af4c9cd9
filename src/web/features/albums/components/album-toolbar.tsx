import { LayoutGrid, List, Search, SlidersHorizontal, X } from 'lucide-react';
import { memo, useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import type { HomeLayout } from '../../../../common/home-view';
import { ALBUM_FORMAT_NAMES, ALBUM_FORMATS, type AlbumFormat } from '../../../../common/album-formats';
import { GENRES } from '../../../../common/constants';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { Select, type SelectOption } from '../../../components/ui/select';
import { hasFilters, NO_FILTERS, type AlbumFilters, type AlbumSortField, type LendingFilter } from '../album-view';

const SORT_OPTIONS: readonly SelectOption[] = [
  { value: 'title', label: 'Title' },
  { value: 'artist', label: 'Artist' },
  { value: 'genre', label: 'Genre' },
  { value: 'addedAt', label: 'Date added' },
  { value: 'releaseYear', label: 'Release year' },
  { value: 'label', label: 'Label' },
  { value: 'rating', label: 'Rating' },
];

// Radix reserves '' for "no value": any format has a value of its own (no stored format is spelt so).
const ANY_FORMAT = 'any';

/** docs/product/collections.md#filters: every format is offered, so a filter read from storage always shows. */
const FORMAT_OPTIONS: readonly SelectOption[] = [
  { value: ANY_FORMAT, label: 'Any format' },
  ...ALBUM_FORMATS.map((format) => ({ value: format, label: ALBUM_FORMAT_NAMES[format] })),
];

const RATING_OPTIONS: readonly SelectOption[] = [
  { value: '0', label: 'Any rating' },
  ...[1, 2, 3, 4, 5].map((stars) => ({ value: String(stars), label: stars === 5 ? '5 stars' : `${stars}+ stars` })),
];

/** docs/product/loans.md#filter: the lent out filter; "Overdue" is lent longer than the collector's reminder days. */
const LENDING_OPTIONS: readonly SelectOption[] = [
  { value: 'all', label: 'All albums' },
  { value: 'lent', label: 'Lent out' },
  { value: 'overdue', label: 'Overdue' },
];

export interface AlbumToolbarProps {
  filters: AlbumFilters;
  /** The filters' setter (a new value or an update of the current one: the handlers stay the same between renders). */
  onFiltersChange: Dispatch<SetStateAction<AlbumFilters>>;
  sortBy: AlbumSortField;
  onSortChange: (sortBy: AlbumSortField) => void;
  /** A grid of covers or a compact list (kept per device). */
  layout: HomeLayout;
  onLayoutChange: (layout: HomeLayout) => void;
  disabled?: boolean;
}

const FilterInput = memo(function FilterInput({
  id,
  label,
  value,
  onChange,
  disabled,
  list,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  list?: string;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder ?? `Filter by ${label.toLowerCase()}`}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          list={list}
          // The toolbar has its own Clear; the browser's blue cross would be a second, off-palette one.
          className="pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
      </div>
    </div>
  );
});

/** How many filters are on (the search, which stays in view, is not counted): the Filters button says so. */
export function activeFilterCount(filters: AlbumFilters): number {
  return [
    filters.artist.trim() !== '',
    filters.genre.trim() !== '',
    filters.lending !== 'all',
    (filters.format ?? '') !== '',
    (filters.minRating ?? 0) > 0,
  ].filter(Boolean).length;
}

/** Grid of covers or a compact list: two pressed-or-not buttons, one of them always pressed. */
const LayoutToggle = memo(function LayoutToggle({ layout, onLayoutChange }: { layout: HomeLayout; onLayoutChange: (layout: HomeLayout) => void }) {
  const option = (value: HomeLayout, label: string, Icon: typeof LayoutGrid) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={layout === value}
      title={label}
      onClick={() => onLayoutChange(value)}
      className={cn('size-9 rounded-md', layout === value ? 'bg-accent-soft text-accent-strong shadow-xs hover:bg-accent-soft' : 'text-ink-muted')}
    >
      <Icon aria-hidden />
    </Button>
  );
  return (
    <div role="group" aria-label="Layout" className="flex shrink-0 gap-0.5 rounded-lg border border-line bg-muted p-0.5">
      {option('grid', 'Grid view', LayoutGrid)}
      {option('list', 'List view', List)}
    </div>
  );
});

/**
 * docs/product/collections.md#filters: artist and genre filters (case-insensitive, part of a word is
 * enough) and the sort; docs/product/loans.md#filter: the lending filter (all, lent out, overdue)
 * beside them. On a phone (768 px and less) the first screen is for records: the search stays, the
 * rest folds behind a Filters button that says how many are on. The fold is CSS, so the server's
 * drawing and the browser's agree at any width.
 */
export function AlbumToolbar({
  filters,
  onFiltersChange,
  sortBy,
  onSortChange,
  layout,
  onLayoutChange,
  disabled,
}: AlbumToolbarProps) {
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filters);
  // The same handlers on every render, so a letter typed in the search re-renders only what shows it:
  // the other fields and the selects (memoized) keep their props.
  const onSearch = useCallback((search: string) => onFiltersChange((was) => ({ ...was, search })), [onFiltersChange]);
  const onArtist = useCallback((artist: string) => onFiltersChange((was) => ({ ...was, artist })), [onFiltersChange]);
  const onGenre = useCallback((genre: string) => onFiltersChange((was) => ({ ...was, genre })), [onFiltersChange]);
  const onLending = useCallback((value: string) => onFiltersChange((was) => ({ ...was, lending: value as LendingFilter })), [onFiltersChange]);
  const onFormat = useCallback(
    (value: string) => onFiltersChange((was) => ({ ...was, format: value === ANY_FORMAT ? '' : (value as AlbumFormat) })),
    [onFiltersChange],
  );
  const onRating = useCallback((value: string) => onFiltersChange((was) => ({ ...was, minRating: Number(value) })), [onFiltersChange]);
  const onSort = useCallback((value: string) => onSortChange(value as AlbumSortField), [onSortChange]);
  return (
    <div className="grid gap-3">
      <div className="flex items-end gap-2">
        <FilterInput
          id="search-albums"
          label="Search"
          placeholder="Title, artist, catalogue no. or barcode"
          value={filters.search ?? ''}
          onChange={onSearch}
          disabled={disabled}
          className="flex-1"
        />
        <Button
          variant="secondary"
          className="min-[769px]:hidden"
          aria-expanded={open}
          aria-controls="album-filters"
          onClick={() => setOpen((was) => !was)}
          data-testid="filters-toggle"
        >
          <SlidersHorizontal aria-hidden />
          Filters
          {active > 0 && (
            <span className="grid min-w-5 place-items-center rounded-full bg-accent px-1.5 text-xs leading-5 font-semibold text-accent-ink tabular-nums">
              {active}
              <span className="sr-only"> on</span>
            </span>
          )}
        </Button>
        <LayoutToggle layout={layout} onLayoutChange={onLayoutChange} />
      </div>
      <div
        id="album-filters"
        className={cn(
          'grid grid-cols-2 items-end gap-3 sm:grid-cols-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem_9rem_9rem_9rem_auto]',
          !open && 'max-[768px]:hidden',
        )}
      >
        <FilterInput
          id="filter-artist"
          label="Artist"
          value={filters.artist}
          onChange={onArtist}
          disabled={disabled}
        />
        <FilterInput
          id="filter-genre"
          label="Genre"
          value={filters.genre}
          onChange={onGenre}
          disabled={disabled}
          list="filter-genre-options"
        />
        <datalist id="filter-genre-options">
          {GENRES.map((genre) => (
            <option key={genre} value={genre} />
          ))}
        </datalist>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="filter-lending">Lending</Label>
          <Select
            id="filter-lending"
            value={filters.lending}
            onValueChange={onLending}
            options={LENDING_OPTIONS}
            disabled={disabled}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="filter-format">Format</Label>
          <Select
            id="filter-format"
            value={filters.format || ANY_FORMAT}
            onValueChange={onFormat}
            options={FORMAT_OPTIONS}
            disabled={disabled}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="filter-rating">Rating</Label>
          <Select
            id="filter-rating"
            value={String(filters.minRating ?? 0)}
            onValueChange={onRating}
            options={RATING_OPTIONS}
            disabled={disabled}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="sort-albums">Sort by</Label>
          <Select
            id="sort-albums"
            value={sortBy}
            onValueChange={onSort}
            options={SORT_OPTIONS}
            disabled={disabled}
          />
        </div>
        <Button
          variant="ghost"
          className="justify-self-start"
          disabled={disabled || !hasFilters(filters)}
          onClick={() => onFiltersChange(NO_FILTERS)}
        >
          <X aria-hidden />
          Clear
        </Button>
      </div>
    </div>
  );
}
