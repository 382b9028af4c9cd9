// @vitest-environment jsdom
import '../test/dom-shims';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'wouter';
import { useInAppLinkClicks } from './in-app-links';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('one click handler for a list of plain links', () => {
  function List() {
    const onClick = useInAppLinkClicks();
    const [path] = useLocation();
    return (
      <div>
        <p>at {path}</p>
        <div onClick={onClick}>
          <a href="/album/7">
            <span>Kind of Blue</span>
          </a>
          <a href="/album/8" target="_blank">
            Blue Train
          </a>
        </div>
      </div>
    );
  }

  it('a plain click on an album opens it in the app; a click with a modifier or on a link with a target is the browser’s', () => {
    window.history.replaceState(null, '', '/collection');
    // Whether the app took the click, read once it has bubbled out; then jsdom, which cannot open
    // another document, is kept from trying.
    const taken: boolean[] = [];
    const record = (event: MouseEvent) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    try {
      render(<List />);
      fireEvent.click(screen.getByText('Kind of Blue'));
      expect(screen.getByText('at /album/7')).toBeTruthy();

      act(() => window.history.replaceState(null, '', '/collection'));
      fireEvent.click(screen.getByText('Kind of Blue'), { ctrlKey: true });
      fireEvent.click(screen.getByText('Kind of Blue'), { button: 1 });
      fireEvent.click(screen.getByText('Blue Train'));
      expect(taken).toEqual([true, false, false, false]);
      expect(window.location.pathname).toBe('/collection');
    } finally {
      window.removeEventListener('click', record);
    }
  });
});
