import { describe, expect, it } from 'vitest';
import { DEFAULT_HOME_VIEW, HOME_VIEW_MAX_TEXT, normalizeHomeView, parseHomeView, serializeHomeView } from './home-view';

describe('the stored home view (sort, filters, grid or list)', () => {
  it('reads back what it wrote, in one spelling', () => {
    const view = { sortBy: 'artist', layout: 'list', filters: { artist: 'coltrane', genre: 'Jazz', lending: 'overdue', search: 'blue' } } as const;
    expect(parseHomeView(serializeHomeView(view))).toEqual(view);
    expect(normalizeHomeView(JSON.stringify({ filters: { search: 'blue', lending: 'overdue', genre: 'Jazz', artist: 'coltrane' }, layout: 'list', sortBy: 'artist' }))).toBe(
      serializeHomeView(view),
    );
  });

  it('turns anything hand-made or hostile into the default, field by field', () => {
    for (const raw of [null, undefined, '', 'not json', '[]', 'null', '42', '"text"', '{'.repeat(3000)]) expect(parseHomeView(raw)).toEqual(DEFAULT_HOME_VIEW);
    expect(parseHomeView(JSON.stringify({ sortBy: 'price', layout: 'table', filters: { artist: 7, lending: 'stolen', genre: ['Jazz'] } }))).toEqual(DEFAULT_HOME_VIEW);
    expect(parseHomeView(JSON.stringify({ sortBy: 'genre', filters: 'x' }))).toEqual({ ...DEFAULT_HOME_VIEW, sortBy: 'genre' });
    expect(parseHomeView(JSON.stringify({ __proto__: { layout: 'list' }, constructor: 1 }))).toEqual(DEFAULT_HOME_VIEW);
  });

  it('keeps at most a short text per filter, so the cookie stays small', () => {
    const long = 'a'.repeat(HOME_VIEW_MAX_TEXT * 3);
    const view = parseHomeView(JSON.stringify({ filters: { artist: long, search: long } }));
    expect(view.filters.artist).toHaveLength(HOME_VIEW_MAX_TEXT);
    expect(serializeHomeView(view).length).toBeLessThan(600);
  });
});
