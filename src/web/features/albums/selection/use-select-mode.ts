import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  // The selection as the last key or click left it, before React has drawn it: keys that come faster
  // than the page draws (a busy phone) each build on the one before, never on a stale drawing.
  const latest = useRef<AlbumSelection>(EMPTY_SELECTION);
  const commit = useCallback((next: AlbumSelection) => {
    latest.current = next;
    setSelection(next);
  }, []);

  const enter = useCallback(() => {
    commit(EMPTY_SELECTION);
    setActive(true);
  }, [commit]);
  const leave = useCallback(() => {
    setActive(false);
    commit(EMPTY_SELECTION);
  }, [commit]);

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !somethingOpen()) leave();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, leave]);

  const onToggle = useCallback((id: number, range: boolean) => commit(toggleAlbum(latest.current, shown, id, range)), [commit, shown]);
  const onExtend = useCallback(
    (id: number, step: number) => {
      const next = extendSelection(latest.current, shown, id, step);
      commit(next.selection);
      // Focus moves at once when the album moved to is drawn, so the next Shift+arrow, however soon,
      // starts from it; one in the rows drawn just beyond the screen gets it once drawn.
      const focusTarget = () => document.querySelector<HTMLElement>(selectCheckboxSelector(next.focus));
      const target = focusTarget();
      if (target) target.focus();
      else requestAnimationFrame(() => focusTarget()?.focus());
    },
    [commit, shown],
  );
  const selectAll = useCallback(() => commit(selectAllShown(latest.current, shown)), [commit, shown]);
  const selected = useMemo(() => selectedShown(selection, shown), [selection, shown]);

  return { active, enter, leave, selection, selected, onToggle, onExtend, selectAll };
}

export type SelectMode = ReturnType<typeof useSelectMode>;
