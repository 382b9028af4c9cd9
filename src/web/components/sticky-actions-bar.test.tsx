// @vitest-environment jsdom
import '../test/dom-shims';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StickyActionsBar } from './sticky-actions-bar';

afterEach(cleanup);

const marked = () => document.documentElement.hasAttribute('data-sticky-actions');

describe('a sticky bar of actions at the bottom of a form page', () => {
  it('shows its actions, and marks the page as having the bar while it is shown', () => {
    expect(marked()).toBe(false);
    const { unmount } = render(
      <StickyActionsBar className="flex">
        <button type="submit">Save Album</button>
      </StickyActionsBar>,
    );
    expect(screen.getByRole('button', { name: 'Save Album' })).toBeTruthy();
    expect(marked()).toBe(true);
    unmount();
    expect(marked()).toBe(false);
  });

  it('keeps the mark until the last of two bars goes', () => {
    const first = render(<StickyActionsBar>one</StickyActionsBar>);
    const second = render(<StickyActionsBar>two</StickyActionsBar>);
    first.unmount();
    expect(marked()).toBe(true);
    second.unmount();
    expect(marked()).toBe(false);
  });
});
