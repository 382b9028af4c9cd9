import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  EMPTY_SELECTION,
  extendSelection,
  selectAllShown,
  selectedShown,
  toggleAlbum,
  type AlbumSelection,
} from './album-selection';
import { selectCheckboxSelector } from './select-mode-checkbox';

/** A dialog or menu is open: Escape is theirs to close, not Select mode's. */
const somethingOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]') !== null;

/**
 * Select mode on the home (docs/product/albums.md#select-mode): on or off, what is ticked, and the
 * handlers the grid's checkboxes call. `shown` is the album ids the filters show, in the grid's order.
 */
export function useSelectMode(shown: readonly number[]) {
  const [active, setActive] = useState(false);
  const [selection, setSelection] = useState<AlbumSelection>(EMPTY_SELECTION);

  const enter = useCallback(() => {
    setSelection(EMPTY_SELECTION);
    setActive(true);
  }, []);
  const leave = useCallback(() => {
    setActive(false);
    setSelection(EMPTY_SELECTION);
  }, []);

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !somethingOpen()) leave();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, leave]);

  const onToggle = useCallback((id: number, range: boolean) => setSelection((current) => toggleAlbum(current, shown, id, range)), [shown]);
  const onExtend = useCallback(
    (id: number, step: number) => {
      const next = extendSelection(selection, shown, id, step);
      setSelection(next.selection);
      // The album moved to is on screen or in the rows drawn just beyond it: focus follows once drawn.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(selectCheckboxSelector(next.focus))?.focus());
    },
    [selection, shown],
  );
  const selectAll = useCallback(() => setSelection((current) => selectAllShown(current, shown)), [shown]);
  const selected = useMemo(() => selectedShown(selection, shown), [selection, shown]);

  return { active, enter, leave, selection, selected, onToggle, onExtend, selectAll };
}

export type SelectMode = ReturnType<typeof useSelectMode>;
