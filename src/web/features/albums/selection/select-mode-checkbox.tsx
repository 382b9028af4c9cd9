import { Check } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import { cn } from '../../../lib/cn';

/** What the grid hands each card in Select mode (docs/product/albums.md#select-mode). */
export interface SelectModeItemProps {
  selected: boolean;
  onToggle: (id: number, range: boolean) => void;
  /** Shift+arrow: extend the selection `step` albums on from this one. */
  onExtend: (id: number, step: number) => void;
}

/** The checkbox a grid or list item is found by, so Shift+arrow can move the focus to it. */
export const selectCheckboxSelector = (id: number) => `[data-select-album="${id}"]`;

/** How far each Shift+arrow moves: along the row, or a row of `columns` albums down or up. */
function stepFor(key: string, columns: number): number | undefined {
  if (key === 'ArrowRight') return 1;
  if (key === 'ArrowLeft') return -1;
  if (key === 'ArrowDown') return columns;
  if (key === 'ArrowUp') return -columns;
  return undefined;
}

/**
 * Laid over a card or row in Select mode: a click anywhere on it ticks the album (Shift-click: the
 * range), and a real checkbox in its corner is what Tab reaches and Space toggles. The card itself
 * is inert meanwhile, so a click never opens the album by accident.
 */
export function SelectModeCheckbox({
  album,
  columns,
  list,
  selected,
  onToggle,
  onExtend,
}: SelectModeItemProps & { album: AlbumListItem; columns: number; list: boolean }) {
  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    onToggle(album.id, event.shiftKey);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? stepFor(event.key, columns) : undefined;
    if (step === undefined) return;
    event.preventDefault();
    onExtend(album.id, step);
  };
  return (
    <>
      <div
        aria-hidden
        data-testid="select-overlay"
        // Shift-click would otherwise select the text between the two cards.
        onMouseDown={(event) => event.shiftKey && event.preventDefault()}
        onClick={toggle}
        className={cn(
          'absolute inset-0 cursor-pointer select-none',
          list ? 'rounded-lg' : 'rounded-xl',
          selected && 'bg-accent/10 ring-2 ring-accent',
        )}
      />
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={`Select “${album.title}” by ${album.artist}`}
        data-select-album={album.id}
        onClick={toggle}
        onKeyDown={onKeyDown}
        // 44 px to touch; the box drawn inside it is smaller.
        className={cn(
          'absolute grid size-11 place-items-center rounded-lg outline-offset-0',
          list ? 'top-1/2 left-0 -translate-y-1/2' : 'top-1 left-1',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'grid size-6 place-items-center rounded-md border-2 shadow-sm transition-colors duration-150',
            selected ? 'border-accent bg-accent text-accent-ink' : 'border-ink-muted bg-surface/90 text-transparent',
          )}
        >
          <Check className="size-4" strokeWidth={3} />
        </span>
      </button>
    </>
  );
}
