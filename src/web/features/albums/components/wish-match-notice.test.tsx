// @vitest-environment jsdom
import '../../../test/dom-shims';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Album } from '../../../../common/albums.schemas';
import type { Wish } from '../../../../common/wishlist.schemas';
import { newAlbumValues } from '../album-form-values';
import { AlbumForm } from './album-form';

/** What the form sent to POST /api/albums, in order. */
let posted: Record<string, unknown>[];

const wish = (fields: Partial<Wish>): Wish => ({
  id: 1,
  title: 'Blue Train',
  artist: 'John Coltrane',
  format: null,
  pressing: null,
  catalogNumber: null,
  barcode: null,
  maxPrice: null,
  priority: 2,
  notes: null,
  coverUrl: null,
  discogsReleaseId: null,
  musicbrainzReleaseId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const WISHES = [wish({ id: 41, priority: 1, maxPrice: 45 }), wish({ id: 42, title: 'Giant Steps', priority: 3 })];

function stubServer(wishlist: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/wishlist') return json(wishlist.status, wishlist.body);
      if (url === '/api/albums' && init.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posted.push(body);
        return json(201, { id: 7, ...body });
      }
      return json(404, { message: 'Not found' });
    }),
  );
}

beforeEach(() => {
  posted = [];
  stubServer({ status: 200, body: WISHES });
});
// Rendering the whole form in jsdom takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const SLOW = { timeout: 15_000 };

function renderForm(album?: Album) {
  const onSaved = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AlbumForm
        album={album}
        defaultValues={album ? { ...newAlbumValues('Jazz', 2024), title: album.title, artist: album.artist } : newAlbumValues('Jazz', 2024)}
        collections={['Jazz']}
        onSaved={onSaved}
        onDeleted={vi.fn()}
        onCancel={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return { onSaved, user: userEvent.setup({ delay: null }) };
}

async function typeTitleAndArtist(user: ReturnType<typeof userEvent.setup>, title: string, artist: string) {
  await user.type(screen.getByLabelText(/^Title/), title);
  await user.type(screen.getByLabelText(/^Artist/), artist);
}

describe('the album form’s “On your wish list”', () => {
  it('shows the matching wish (trimmed, any case) with its priority and max price, ticked; saving sends fulfilsWishId', async () => {
    const { user, onSaved } = renderForm();
    await typeTitleAndArtist(user, '  blue TRAIN ', 'john coltrane');
    const notice = await screen.findByTestId('wish-match', {}, SLOW);
    expect(notice.textContent).toContain('On your wish list');
    expect(notice.textContent).toContain('Must have · up to $45.00');
    const box = screen.getByRole('checkbox', { name: 'Remove it from my wish list' });
    expect(box.getAttribute('aria-checked')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save Album' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect(posted[0]).toMatchObject({ title: 'blue TRAIN', fulfilsWishId: 41 });
  });

  it('unticked, the save sends no fulfilsWishId: the wish stays', async () => {
    const { user, onSaved } = renderForm();
    await typeTitleAndArtist(user, 'Giant Steps', 'John Coltrane');
    expect((await screen.findByTestId('wish-match', {}, SLOW)).textContent).toContain('Maybe');
    await user.click(screen.getByRole('checkbox', { name: 'Remove it from my wish list' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Remove it from my wish list' }).getAttribute('aria-checked')).toBe('false'), SLOW);
    await user.click(screen.getByRole('button', { name: 'Save Album' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect(posted[0]).not.toHaveProperty('fulfilsWishId');
  });

  it('hides the notice and sends nothing once the title no longer matches', async () => {
    const { user, onSaved } = renderForm();
    await typeTitleAndArtist(user, 'Blue Train', 'John Coltrane');
    await screen.findByTestId('wish-match', {}, SLOW);
    await user.type(screen.getByLabelText(/^Title/), ' (Live)');
    await waitFor(() => expect(screen.queryByTestId('wish-match')).toBeNull(), SLOW);
    await user.click(screen.getByRole('button', { name: 'Save Album' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect(posted[0]).not.toHaveProperty('fulfilsWishId');
  });

  it('a wish list that cannot be read shows no notice and the album still saves', async () => {
    stubServer({ status: 500, body: { message: 'Internal server error' } });
    const { user, onSaved } = renderForm();
    await typeTitleAndArtist(user, 'Blue Train', 'John Coltrane');
    await user.click(screen.getByRole('button', { name: 'Save Album' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect(screen.queryByTestId('wish-match')).toBeNull();
    expect(posted[0]).not.toHaveProperty('fulfilsWishId');
  });
});
