// @vitest-environment jsdom
import '../../../test/dom-shims';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import { albumFixture } from '../../../test/album-fixture';
import { AlbumCard, AlbumRow } from './album-card';

afterEach(cleanup);

const album = (id: number, coverUrl: string | null): AlbumListItem => albumFixture({ id, title: `Record ${id}`, coverUrl });

/** The card's cover: its image, or the placeholder record when it has none. */
const cover = () => document.querySelector('a')!.querySelector('img, .vinyl-placeholder');

describe.each([
  ['card', AlbumCard],
  ['compact list row', AlbumRow],
])('an album %s updated in place for another album (a letter typed in the search)', (_, Item) => {
  const draw = (shown: AlbumListItem) => <Item album={shown} priority={false} reminderDays={30} today="2026-11-29" />;

  it('keeps the placeholder when neither album has a cover', () => {
    const { rerender } = render(draw(album(1, null)));
    const placeholder = cover();
    expect(placeholder?.classList.contains('vinyl-placeholder')).toBe(true);
    rerender(draw(album(2, null)));
    expect(screen.getByText('Record 2')).toBeTruthy();
    expect(cover()).toBe(placeholder);
  });

  it('never shows the last album’s cover: another cover is a new image, the same cover the same one', () => {
    const { rerender } = render(draw(album(1, '/api/cover-art/a.jpg')));
    const first = cover();
    expect(first?.getAttribute('src')).toBe('/api/cover-art/a.jpg?size=thumb');
    rerender(draw(album(2, '/api/cover-art/b.jpg')));
    const second = cover();
    expect(second).not.toBe(first);
    expect(second?.getAttribute('src')).toBe('/api/cover-art/b.jpg?size=thumb');
    rerender(draw(album(3, '/api/cover-art/b.jpg')));
    expect(cover()).toBe(second);
    rerender(draw(album(4, null)));
    expect(cover()?.classList.contains('vinyl-placeholder')).toBe(true);
  });
});
