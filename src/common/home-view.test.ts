import { describe, expect, it } from 'vitest';
import {
  applyHomeViewSearch,
  DEFAULT_HOME_VIEW,
  HOME_VIEW_MAX_TEXT,
  normalizeHomeView,
  parseHomeView,
  serializeHomeView,
  withHomeViewSearch,
} from './home-view';

describe('the stored home view (sort, filters, grid or list)', () => {
  it('reads back what it wrote, in one spelling', () => {
    const view = { sortBy: 'artist', layout: 'list', filters: { artist: 'coltrane', genre: 'Jazz', lending: 'overdue', search: 'blue', format: '2LP', minRating: 4 } } as const;
    expect(parseHomeView(serializeHomeView(view))).toEqual(view);
    expect(normalizeHomeView(JSON.stringify({ filters: { minRating: 4, format: '2LP', search: 'blue', lending: 'overdue', genre: 'Jazz', artist: 'coltrane' }, layout: 'list', sortBy: 'artist' }))).toBe(
      serializeHomeView(view),
    );
  });

  it('turns anything hand-made or hostile into the default, field by field', () => {
    for (const raw of [null, undefined, '', 'not json', '[]', 'null', '42', '"text"', '{'.repeat(3000)]) expect(parseHomeView(raw)).toEqual(DEFAULT_HOME_VIEW);
    expect(parseHomeView(JSON.stringify({ sortBy: 'price', layout: 'table', filters: { artist: 7, lending: 'stolen', genre: ['Jazz'] } }))).toEqual(DEFAULT_HOME_VIEW);
    expect(parseHomeView(JSON.stringify({ filters: { format: 'Wax cylinder', minRating: 6 } }))).toEqual(DEFAULT_HOME_VIEW);
    expect(parseHomeView(JSON.stringify({ filters: { format: 'LP', minRating: 2.5 } })).filters).toMatchObject({ format: 'LP', minRating: 0 });
    expect(parseHomeView(JSON.stringify({ sortBy: 'genre', filters: 'x' }))).toEqual({ ...DEFAULT_HOME_VIEW, sortBy: 'genre' });
    expect(parseHomeView(JSON.stringify({ __proto__: { layout: 'list' }, constructor: 1 }))).toEqual(DEFAULT_HOME_VIEW);
  });

  it('knows every sort the toolbar offers (docs/product/collections.md#filters)', () => {
    for (const sortBy of ['title', 'artist', 'genre', 'addedAt', 'releaseYear', 'label', 'rating'])
      expect(parseHomeView(JSON.stringify({ sortBy })).sortBy).toBe(sortBy);
  });

  it('keeps at most a short text per filter, so the cookie stays small', () => {
    const long = 'a'.repeat(HOME_VIEW_MAX_TEXT * 3);
    const view = parseHomeView(JSON.stringify({ filters: { artist: long, search: long } }));
    expect(view.filters.artist).toHaveLength(HOME_VIEW_MAX_TEXT);
    expect(serializeHomeView(view).length).toBeLessThan(600);
  });
});

describe('the sort and filters in the home\'s address (docs/product/collections.md#filters)', () => {
  const view = parseHomeView(JSON.stringify({ sortBy: 'rating', layout: 'list', filters: { search: 'k 563', format: 'Box Set', minRating: 4, lending: 'lent' } }));

  it('writes only what differs from the default, keeping the collection', () => {
    const search = withHomeViewSearch('collection=Jazz&sort=title', view);
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ collection: 'Jazz', sort: 'rating', q: 'k 563', lending: 'lent', format: 'Box Set', rating: '4' });
    expect(withHomeViewSearch('collection=Jazz', DEFAULT_HOME_VIEW)).toBe('collection=Jazz');
  });

  it('reads back what it wrote; the address wins over the stored view', () => {
    expect(applyHomeViewSearch(DEFAULT_HOME_VIEW, withHomeViewSearch('', view))).toEqual({ ...view, layout: 'grid' });
    expect(applyHomeViewSearch(view, 'sort=label&rating=2')).toEqual({ ...view, sortBy: 'label', filters: { ...view.filters, minRating: 2 } });
    expect(applyHomeViewSearch(view, 'collection=Jazz')).toEqual(view);
  });

  it('ignores what it does not know', () => {
    expect(applyHomeViewSearch(DEFAULT_HOME_VIEW, 'sort=price&format=Wax&rating=9&lending=stolen')).toEqual(DEFAULT_HOME_VIEW);
  });
});
