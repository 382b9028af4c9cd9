// @vitest-environment jsdom
import '../../../test/dom-shims';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Album } from '../../../../common/albums.schemas';
import { albumFixture } from '../../../test/album-fixture';
import { CollectionAlbums } from './collection-albums';
import { NO_FILTERS } from '../../albums/album-view';
import type { HomeHead } from '../../../../common/home-render';
import type { HomeSortField } from '../../../../common/home-view';
import { forgetDrawnHomeHead, holdDrawnHomeHead } from '../../../lib/drawn-home-head';

// The home's filters are kept on the device between visits; each test starts from none.
beforeEach(() => {
  // The view is kept in local storage and in the address: each test starts from neither.
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const album = (id: number, fields: Partial<Album>): Album => albumFixture({ id, ...fields });

const albums = [
  album(1, { title: 'Blue Train', artist: 'John Coltrane', genre: 'Jazz', price: 19.99 }),
  album(2, {
    title: 'Giant Steps',
    artist: 'John Coltrane',
    genre: 'Jazz',
    price: 0.1,
    isLent: true,
    lentTo: 'Sam',
    lentDate: '2024-01-01',
  }),
  album(3, { title: 'Kind of Blue', artist: 'Miles Davis', price: 0.2 }),
  album(4, { title: 'Revolver', artist: 'The Beatles', genre: 'Rock', collection: 'Rock', price: 50 }),
];

/** The home's albums; 'not read yet' while the list is read, 'failed' when it could not be. */
function renderHome(
  shown: readonly Album[] | 'not read yet' | 'failed' = albums,
  collection: { id: number; name: string; albumCount: number } | null = { id: 1, name: 'Jazz', albumCount: 3 },
) {
  render(
    <CollectionAlbums
      collection={collection}
      totalAlbums={4}
      albums={typeof shown === 'string' ? undefined : shown}
      albumsFailed={shown === 'failed'}
      retrying={false}
      onRetry={vi.fn()}
      onRename={vi.fn()}
      onDelete={vi.fn()}
      reminders={{ days: 30, today: '2024-06-01' }}
    />,
  );
  return userEvent.setup({ delay: null });
}

/** The line under the collection's name: "2 of 3 albums", then the shown albums' total price. */
const count = () => /^[\d,]+( of [\d,]+)? albums?/.exec(screen.getByTestId('album-summary').textContent ?? '')?.[0];
const total = () => screen.queryByTestId('album-total')?.textContent;

describe('the collection home’s filters', () => {
  it('counts and totals the collection’s own albums, in exact cents', () => {
    renderHome();
    // Revolver is in another collection: not counted.
    expect(count()).toBe('3 albums');
    expect(total()).toBe('$20.29');
  });

  it('filters by part of the artist in any case: the count says how many of how many, the total follows', async () => {
    const user = renderHome();
    await user.type(screen.getByLabelText('Artist'), 'coltr');
    expect(count()).toBe('2 of 3 albums');
    expect(total()).toBe('$20.09');
    expect(screen.getByRole('button', { name: 'Clear' }).hasAttribute('disabled')).toBe(false);
  });

  it('a genre filter never matches an album without a genre; the search finds a title or an artist', async () => {
    const user = renderHome();
    await user.type(screen.getByLabelText('Genre'), 'JAZZ');
    expect(count()).toBe('2 of 3 albums');
    expect(total()).toBe('$20.09');
    await user.clear(screen.getByLabelText('Genre'));
    await user.type(screen.getByLabelText('Search'), 'blue');
    expect(count()).toBe('2 of 3 albums');
    expect(total()).toBe('$20.19');
  });

  it('says when nothing matches, and Clear filters brings every album back', async () => {
    const user = renderHome();
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Artist'), 'Beatles');
    expect(screen.getByText('No albums match your filters')).toBeTruthy();
    expect(count()).toBe('0 of 3 albums');
    expect(total()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(count()).toBe('3 albums');
    expect(total()).toBe('$20.29');
    expect(screen.getByLabelText<HTMLInputElement>('Artist').value).toBe('');
    expect(clear.hasAttribute('disabled')).toBe(true);
  });

  it('offers Add your first album, with the filters off, in an empty collection', async () => {
    renderHome([]);
    await act(async () => undefined);
    expect(screen.getByText('No albums in “Jazz” yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first album' }).getAttribute('href')).toBe('/album/new?collection=Jazz');
    expect(screen.getByLabelText('Artist').hasAttribute('disabled')).toBe(true);
  });
});

describe('the sort and filters in the address (docs/product/collections.md#filters)', () => {
  const rated = [
    album(1, { title: 'Blue Train', artist: 'John Coltrane', rating: 3, format: 'LP', catalogNumber: 'BST 81577' }),
    album(2, { title: 'Giant Steps', artist: 'John Coltrane', rating: 5, format: 'LP', barcode: '0 75678 13112 6' }),
    album(3, { title: 'Kind of Blue', artist: 'Miles Davis', rating: 4, format: 'CD' }),
  ];
  const titles = () => screen.getAllByTestId('album-card').map((card) => card.querySelector('h2')?.textContent);

  it('opens with the view the address names, over the stored one', () => {
    window.history.replaceState(null, '', '/collection?collection=Jazz&sort=rating&format=LP');
    renderHome(rated);
    expect(count()).toBe('2 of 3 albums');
    expect(titles()).toEqual(['Giant Steps', 'Blue Train']);
  });

  it('writes a change of filter into the address, keeping the collection', async () => {
    window.history.replaceState(null, '', '/collection?collection=Jazz');
    const user = renderHome(rated);
    await user.type(screen.getByLabelText('Search'), 'bst-81577');
    expect(count()).toBe('1 of 3 albums');
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ collection: 'Jazz', q: 'bst-81577' });
  });
});

describe('All albums (docs/product/collections.md#all-albums)', () => {
  it('shows every collection\'s albums, each naming its collection, with no collection actions', async () => {
    renderHome(albums, null);
    await act(async () => undefined);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All albums');
    expect(count()).toBe('4 albums');
    expect(total()).toBe('$70.29');
    const revolver = screen.getAllByTestId('album-card').find((card) => card.querySelector('h2')?.textContent === 'Revolver');
    expect(revolver?.querySelector('[data-testid="album-details"]')?.textContent).toBe('In Rock');
    expect(screen.queryByRole('button', { name: 'Collection actions' })).toBeNull();
  });

  it('Add Album asks which collection: the form opens without one', async () => {
    renderHome(albums, null);
    await act(async () => undefined);
    expect(screen.getByRole('link', { name: 'Add Album' }).getAttribute('href')).toBe('/album/new');
  });

  it('searches across every collection', async () => {
    const user = renderHome(albums, null);
    await user.type(screen.getByLabelText('Search'), 'revolver');
    expect(count()).toBe('1 of 4 albums');
  });
});

describe('the compact list (docs/product/collections.md#views)', () => {
  it('shows each album\'s format and catalogue number', async () => {
    const user = renderHome([album(1, { title: 'Blue Train', format: '2LP', catalogNumber: 'BST 81577' }), album(2, { title: 'Kind of Blue' })]);
    await user.click(screen.getByRole('button', { name: 'List view' }));
    const pressings = screen.getAllByTestId('album-pressing').map((line) => line.textContent);
    expect(pressings).toEqual(['Double LP · BST 81577']);
  });
});

describe('the drawn home taken over before its album list is read (lib/drawn-home-head.ts)', () => {
  const head = (sortBy: HomeSortField): HomeHead => ({
    view: {
      collection: 'Jazz',
      sortBy,
      filters: JSON.stringify(NO_FILTERS),
      albums: [albums[2]!, albums[0]!],
      shownCount: 250,
      inCollectionCount: 250,
      totalCents: 123456,
    },
    overdueCount: 0,
    overdueKeys: [],
  });
  afterEach(forgetDrawnHomeHead);

  it('shows the head’s numbers and first albums, in its order, as places of the whole list', () => {
    holdDrawnHomeHead(head('title'));
    renderHome('not read yet');
    expect(count()).toBe('250 albums');
    expect(total()).toBe('$1,234.56');
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Kind of Blue'), expect.stringContaining('Blue Train')]);
    expect(items[0]!.getAttribute('aria-setsize')).toBe('250');
  });

  it('a list that could not be read says so, head or no head', () => {
    holdDrawnHomeHead(head('title'));
    renderHome('failed');
    expect(screen.getByText('Your albums could not be loaded')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('a head drawn with another sort is not used: the grid waits for the list', () => {
    holdDrawnHomeHead(head('artist'));
    renderHome('not read yet');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.getByTestId('album-grid-skeleton')).toBeTruthy();
  });
});
