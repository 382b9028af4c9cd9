// @vitest-environment jsdom
import '../../test/dom-shims';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

afterEach(cleanup);

function Menu({ onRename = () => undefined }: { onRename?: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" aria-label="Actions for Jazz">
          …
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onRename}>Rename</DropdownMenuItem>
        <DropdownMenuItem>Delete</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('a menu asleep until first wanted', () => {
  it('draws a closed menu button and no list, on the server as in the browser', () => {
    const html = renderToString(<Menu />);
    const box = document.createElement('div');
    box.innerHTML = html;
    const button = box.querySelector('button')!;
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.dataset.state).toBe('closed');
    expect(box.querySelector('[role="menu"]')).toBeNull();
  });

  it('takes over the server drawing without a hydration error', async () => {
    const box = document.createElement('div');
    box.innerHTML = renderToString(<Menu />);
    document.body.append(box);
    const onRecoverableError = vi.fn();
    await act(async () => void hydrateRoot(box, <Menu />, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(box.querySelector('button')?.getAttribute('aria-expanded')).toBe('false');
    box.remove();
  });

  it('opens with a click, and its item works', async () => {
    const onRename = vi.fn();
    render(<Menu onRename={onRename} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Jazz' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens from the keyboard on its first item, and Escape gives the focus back to its button', async () => {
    render(<Menu />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Jazz' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' })));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const button = screen.getByRole('button', { name: 'Actions for Jazz' });
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Awake now: it opens again as Radix's own.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' })));
  });
});
