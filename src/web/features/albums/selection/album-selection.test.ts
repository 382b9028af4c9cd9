import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, extendSelection, selectAllShown, selectedShown, toggleAlbum, type AlbumSelection } from './album-selection';

const shown = [10, 20, 30, 40, 50, 60];
const ticked = (selection: AlbumSelection) => [...selection.ids].sort((a, b) => a - b);

describe('toggleAlbum', () => {
  it('ticks and unticks one album, which becomes the anchor', () => {
    const one = toggleAlbum(EMPTY_SELECTION, shown, 30, false);
    expect(ticked(one)).toEqual([30]);
    expect(one.anchor).toBe(30);
    const none = toggleAlbum(one, shown, 30, false);
    expect(ticked(none)).toEqual([]);
  });

  it('Shift-click ticks the range from the anchor, forwards or backwards, and keeps the anchor', () => {
    const start = toggleAlbum(EMPTY_SELECTION, shown, 20, false);
    const forward = toggleAlbum(start, shown, 50, true);
    expect(ticked(forward)).toEqual([20, 30, 40, 50]);
    expect(forward.anchor).toBe(20);
    const backward = toggleAlbum(toggleAlbum(EMPTY_SELECTION, shown, 50, false), shown, 20, true);
    expect(ticked(backward)).toEqual([20, 30, 40, 50]);
  });

  it('Shift-click from an unticked anchor unticks the range', () => {
    let selection = selectAllShown(EMPTY_SELECTION, shown);
    selection = toggleAlbum(selection, shown, 30, false);
    selection = toggleAlbum(selection, shown, 50, true);
    expect(ticked(selection)).toEqual([10, 20, 60]);
  });

  it('Shift-click without an anchor, or with one the filters now hide, ticks just that album', () => {
    expect(ticked(toggleAlbum(EMPTY_SELECTION, shown, 40, true))).toEqual([40]);
    const hidden = toggleAlbum(EMPTY_SELECTION, [99, ...shown], 99, false);
    expect(ticked(toggleAlbum(hidden, shown, 40, true))).toEqual([40, 99]);
  });
});

describe('selectAllShown and selectedShown', () => {
  it('ticks every shown album, and an action applies only to the ticked ones still shown', () => {
    const all = selectAllShown(toggleAlbum(EMPTY_SELECTION, [7], 7, false), shown);
    expect(ticked(all)).toEqual([7, ...shown]);
    expect(selectedShown(all, shown)).toEqual(shown);
    expect(selectedShown(all, [60, 7, 10])).toEqual([60, 7, 10]);
    expect(selectedShown(all, [])).toEqual([]);
  });
});

describe('extendSelection', () => {
  it('Shift+arrow right ticks the album it moves to and the one it leaves', () => {
    const { selection, focus } = extendSelection(EMPTY_SELECTION, shown, 20, 1);
    expect(focus).toBe(30);
    expect(ticked(selection)).toEqual([20, 30]);
    expect(selection.anchor).toBe(20);
  });

  it('Shift+arrow down moves a row of columns and ticks every album passed', () => {
    const { selection, focus } = extendSelection(EMPTY_SELECTION, shown, 10, 3);
    expect(focus).toBe(40);
    expect(ticked(selection)).toEqual([10, 20, 30, 40]);
  });

  it('stops at the first and last album', () => {
    expect(extendSelection(EMPTY_SELECTION, shown, 20, -3).focus).toBe(10);
    const last = extendSelection(EMPTY_SELECTION, shown, 50, 4);
    expect(last.focus).toBe(60);
    expect(ticked(last.selection)).toEqual([50, 60]);
  });

  it('repeated presses grow the selection and keep the first anchor', () => {
    let state = extendSelection(toggleAlbum(EMPTY_SELECTION, shown, 30, false), shown, 30, 1);
    state = extendSelection(state.selection, shown, state.focus, 1);
    expect(state.focus).toBe(50);
    expect(ticked(state.selection)).toEqual([30, 40, 50]);
    expect(state.selection.anchor).toBe(30);
  });
});
