// @vitest-environment jsdom
import '../../test/dom-shims';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select } from './select';

afterEach(cleanup);

const OPTIONS = [
  { value: 'title', label: 'Title' },
  { value: 'artist', label: 'Artist' },
  { value: 'addedAt', label: 'Date added' },
];

function SortField({ onChange = () => undefined }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('title');
  return (
    <>
      <label htmlFor="sort">Sort</label>
      <Select
        id="sort"
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        options={OPTIONS}
      />
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Sort' });

describe('a select asleep until first wanted', () => {
  it('draws a closed field with the chosen label, on the server as in the browser', () => {
    const box = document.createElement('div');
    box.innerHTML = renderToString(<SortField />);
    const button = box.querySelector('[role="combobox"]')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toBe('Title');
    expect(box.querySelector('[role="listbox"]')).toBeNull();
  });

  it('shows the placeholder, marked, when nothing is chosen', () => {
    render(<Select aria-label="Format" value={undefined} onValueChange={() => undefined} options={OPTIONS} placeholder="Any format" />);
    const button = screen.getByRole('combobox', { name: 'Format' });
    expect(button.textContent).toBe('Any format');
    expect(button.hasAttribute('data-placeholder')).toBe(true);
  });

  it('takes over the server drawing without a hydration error', async () => {
    const box = document.createElement('div');
    box.innerHTML = renderToString(<SortField />);
    document.body.append(box);
    const onRecoverableError = vi.fn();
    await act(async () => void hydrateRoot(box, <SortField />, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    box.remove();
  });

  it('keeps the focus Tab gives it, and opens with the arrow keys', async () => {
    const onChange = vi.fn();
    render(<SortField onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(field());
    await user.keyboard('{ArrowDown}');
    const option = await screen.findByRole('option', { name: 'Artist' });
    await user.click(option);
    expect(onChange).toHaveBeenCalledWith('artist');
    await waitFor(() => expect(field().textContent).toBe('Artist'));
  });

  it('opens with a mouse press and changes the value', async () => {
    const onChange = vi.fn();
    render(<SortField onChange={onChange} />);
    fireEvent.pointerDown(field(), { button: 0, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('option', { name: 'Date added' }));
    expect(onChange).toHaveBeenCalledWith('addedAt');
    await waitFor(() => expect(field().textContent).toBe('Date added'));
  });

  it('opens with a click on its label', async () => {
    render(<SortField />);
    await userEvent.setup().click(screen.getByText('Sort'));
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });
});
