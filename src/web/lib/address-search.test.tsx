// @vitest-environment jsdom
import '../test/dom-shims';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchExcept, useSearchParam } from './address-search';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('reads of the address that re-render only for what they read (docs/decisions.md, "The first keystroke")', () => {
  function Reader({ renders }: { renders: string[] }) {
    const collection = useSearchParam('collection');
    const others = useSearchExcept(['q', 'sort']);
    renders.push(`${collection ?? '-'} | ${others}`);
    return null;
  }

  it('a letter of the search written into the address draws nothing again; another collection does', () => {
    window.history.replaceState(null, '', '/collection?collection=Jazz');
    const renders: string[] = [];
    render(<Reader renders={renders} />);
    expect(renders).toEqual(['Jazz | collection=Jazz']);

    act(() => window.history.replaceState(null, '', '/collection?collection=Jazz&q=b'));
    act(() => window.history.replaceState(null, '', '/collection?collection=Jazz&q=bl&sort=artist'));
    expect(renders).toHaveLength(1);

    act(() => window.history.pushState(null, '', '/collection?collection=Soul%20%26%20Funk&q=bl'));
    expect(renders).toEqual(['Jazz | collection=Jazz', 'Soul & Funk | collection=Soul+%26+Funk']);
  });
});
