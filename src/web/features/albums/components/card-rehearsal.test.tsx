// @vitest-environment jsdom
import '../../../test/dom-shims';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { albumFixture } from '../../../test/album-fixture';
import { CardRehearsal, REHEARSAL_CARDS, REHEARSAL_STEPS, rehearsalAlbums, resetCardRehearsalForTests } from './card-rehearsal';

const reminders = { days: 30, today: '2026-11-29' };
const albums = Array.from({ length: 40 }, (_, index) =>
  albumFixture({
    id: index + 1,
    title: `Record ${index + 1}`,
    ...(index % 3 === 0 && { isLent: true, lentTo: 'Sam', lentDate: '2026-01-01' }),
  }),
);

const titlesIn = (root: ShadowRoot) => [...root.querySelectorAll('h2')].map((heading) => heading.textContent ?? '');

/** The shadow roots the page attached, closed ones included (a test's only way into them). */
let roots: ShadowRoot[];
/** The titles each commit left in the first root, in order (watched from the moment it was made). */
let drawn: string[][];
beforeEach(() => {
  resetCardRehearsalForTests();
  roots = [];
  drawn = [];
  const attach = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    if (!roots.length)
      new MutationObserver(() => drawn.push(titlesIn(root))).observe(root, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    roots.push(root);
    return root;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the cards rehearsed before the first keystroke', () => {
  it('draws cards for other albums at each step, out of sight, then removes them', async () => {
    render(<CardRehearsal albums={albums} reminders={reminders} list={false} showCollection={false} />);
    const host = screen.getByTestId('card-rehearsal');
    // Hidden from layout and screen readers; nothing in the page's own DOM.
    expect(host.hidden).toBe(true);
    expect(host.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(roots).toHaveLength(1));
    expect(roots[0]!.mode).toBe('closed');
    expect(host.childElementCount).toBe(0);
    expect(screen.queryByText('Record 1')).toBeNull();
    await waitFor(() => expect(drawn.at(-1)).toEqual([]), { timeout: 5000 });
    // Each step drew the albums it picked, a card for each, then the cards went.
    const steps = Array.from({ length: REHEARSAL_STEPS }, (_, step) => rehearsalAlbums(albums, step).map((album) => album.title));
    expect(drawn).toEqual([...steps, []]);
    expect(steps.every((titles) => titles.length === REHEARSAL_CARDS)).toBe(true);
    // The albums picked include lent ones, so the badge's code is rehearsed too.
    expect(rehearsalAlbums(albums, 0).some((album) => album.isLent)).toBe(true);
  });

  it('rehearses once per page: a grid drawn again later draws nothing', async () => {
    const first = render(<CardRehearsal albums={albums} reminders={reminders} list={false} showCollection={false} />);
    await waitFor(() => expect(titlesIn(roots[0]!)).toHaveLength(REHEARSAL_CARDS));
    await waitFor(() => expect(titlesIn(roots[0]!)).toHaveLength(0), { timeout: 5000 });
    first.unmount();
    render(<CardRehearsal albums={albums} reminders={reminders} list={true} showCollection={false} />);
    expect(screen.queryByTestId('card-rehearsal')).toBeNull();
    expect(roots).toHaveLength(1);
  });

  it('picks albums spread over the list, other ones at each step', () => {
    const steps = Array.from({ length: REHEARSAL_STEPS }, (_, step) => rehearsalAlbums(albums, step).map((album) => album.id));
    expect(new Set(steps.flat()).size).toBe(REHEARSAL_STEPS * REHEARSAL_CARDS);
    expect(rehearsalAlbums(albums.slice(0, 2), 0).every((album) => album.id === 1 || album.id === 2)).toBe(true);
  });
});
