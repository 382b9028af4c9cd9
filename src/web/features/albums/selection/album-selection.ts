/**
 * Select mode's selection on the home (docs/product/albums.md#select-mode): which albums are ticked,
 * and the anchor a Shift-click or Shift+arrow extends from. Pure, so the rules are tested without a
 * browser; ids are given in the order the grid shows them.
 */
export interface AlbumSelection {
  readonly ids: ReadonlySet<number>;
  /** The album last ticked or unticked on its own: where a range starts. */
  readonly anchor: number | undefined;
}

export const EMPTY_SELECTION: AlbumSelection = { ids: new Set(), anchor: undefined };

/** The albums from `from` to `to` in the shown order, both included, whichever comes first. */
function between(shown: readonly number[], from: number, to: number): number[] {
  const start = shown.indexOf(from);
  const end = shown.indexOf(to);
  if (start < 0 || end < 0) return [to];
  return shown.slice(Math.min(start, end), Math.max(start, end) + 1);
}

/**
 * A click on an album's checkbox. Alone it ticks or unticks that album and makes it the anchor; with
 * Shift (and an anchor still shown) every album from the anchor to it takes the anchor's state, so a
 * range can be ticked or unticked, and the anchor stays where it was.
 */
export function toggleAlbum(selection: AlbumSelection, shown: readonly number[], id: number, range: boolean): AlbumSelection {
  const ids = new Set(selection.ids);
  const { anchor } = selection;
  if (range && anchor !== undefined && anchor !== id && shown.includes(anchor)) {
    const tick = ids.has(anchor);
    for (const each of between(shown, anchor, id)) {
      if (tick) ids.add(each);
      else ids.delete(each);
    }
    return { ids, anchor };
  }
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** "Select all N shown": every album the filters show (the ones they hide are not touched). */
export function selectAllShown(selection: AlbumSelection, shown: readonly number[]): AlbumSelection {
  return { ids: new Set([...selection.ids, ...shown]), anchor: selection.anchor };
}

/** The ticked albums the filters show, in the shown order: what an action applies to. */
export function selectedShown(selection: AlbumSelection, shown: readonly number[]): number[] {
  return shown.filter((id) => selection.ids.has(id));
}

/**
 * Shift+arrow from the album that has focus: the focus moves `step` albums on (1 or -1 along a row,
 * the column count for a row down or up, stopping at the ends) and the albums passed over, that one
 * and the one it lands on are ticked. Answers the new selection and the album to focus.
 */
export function extendSelection(
  selection: AlbumSelection,
  shown: readonly number[],
  from: number,
  step: number,
): { selection: AlbumSelection; focus: number } {
  const index = shown.indexOf(from);
  if (index < 0 || shown.length === 0) return { selection, focus: from };
  const target = Math.min(shown.length - 1, Math.max(0, index + step));
  const focus = shown[target]!;
  const ids = new Set(selection.ids);
  for (const each of between(shown, from, focus)) ids.add(each);
  return { selection: { ids, anchor: selection.anchor ?? from }, focus };
}
