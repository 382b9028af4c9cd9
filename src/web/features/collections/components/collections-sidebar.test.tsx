// @vitest-environment jsdom
import '../../../test/dom-shims';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_ALBUMS } from '../selected-collection';
import { CollectionsSidebar } from './collections-sidebar';

afterEach(cleanup);

const collections = [
  { id: 1, name: 'Jazz', albumCount: 2 },
  { id: 2, name: 'Rock', albumCount: 1_200 },
];

function renderSidebar(selected: string | null) {
  render(
    <CollectionsSidebar
      collections={collections}
      failed={false}
      retrying={false}
      onRetry={vi.fn()}
      selected={selected}
      onCreate={vi.fn()}
      onRename={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
  return within(screen.getByRole('navigation', { name: 'Collections' })).getAllByRole('link');
}

describe('the collections list (docs/product/collections.md#all-albums)', () => {
  it('starts with All albums, counting every collection\'s albums, linking to the empty collection name', () => {
    const [all, ...rest] = renderSidebar('Jazz');
    expect(all!.textContent).toContain('All albums');
    expect(all!.textContent).toContain('1,202 albums');
    expect(all!.getAttribute('href')).toBe('/collection?collection=');
    expect(all!.getAttribute('aria-current')).toBeNull();
    expect(rest.map((link) => link.getAttribute('href'))).toEqual(['/collection?collection=Jazz', '/collection?collection=Rock']);
    expect(rest[0]!.getAttribute('aria-current')).toBe('page');
  });

  it('marks All albums as the current page when it is selected, and offers no actions for it', () => {
    const [all] = renderSidebar(ALL_ALBUMS);
    expect(all!.getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button', { name: /^Actions for / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Actions for Jazz', 'Actions for Rock']);
  });
});
