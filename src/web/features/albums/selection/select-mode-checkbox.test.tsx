// @vitest-environment jsdom
import '../../../test/dom-shims';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { albumFixture } from '../../../test/album-fixture';
import { SelectModeCheckbox } from './select-mode-checkbox';
import { useSelectMode } from './use-select-mode';

afterEach(cleanup);

const albums = [1, 2, 3, 4, 5, 6].map((id) => albumFixture({ id }));
const ids = albums.map((each) => each.id);

/** The grid's part of Select mode, without the grid: checkboxes in three columns. */
function Harness() {
  const select = useSelectMode(ids);
  return (
    <div>
      <button type="button" onClick={select.active ? select.leave : select.enter}>
        {select.active ? 'Done' : 'Select'}
      </button>
      <p>{select.selected.length} ticked</p>
      {select.active && <button type="button" onClick={select.selectAll}>All</button>}
      {select.active &&
        albums.map((each) => (
          <div key={each.id} style={{ position: 'relative' }}>
            <SelectModeCheckbox
              album={each}
              columns={3}
              list={false}
              selected={select.selection.ids.has(each.id)}
              onToggle={select.onToggle}
              onExtend={select.onExtend}
            />
          </div>
        ))}
    </div>
  );
}

const box = (id: number) => screen.getByRole('checkbox', { name: `Select “Album ${id}” by Someone` });

describe('Select mode checkboxes', () => {
  it('a click ticks one; Shift-click ticks the range from the last one clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(box(2));
    expect(box(2).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Shift>}');
    await user.click(box(5));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('4 ticked')).toBeTruthy();
    expect(box(1).getAttribute('aria-checked')).toBe('false');
    expect(box(6).getAttribute('aria-checked')).toBe('false');
  });

  it('Space toggles; Shift+ArrowRight and Shift+ArrowDown tick on and move the focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Select' }));
    box(1).focus();
    await user.keyboard(' ');
    expect(box(1).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await waitFor(() => expect(document.activeElement).toBe(box(2)));
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await waitFor(() => expect(document.activeElement).toBe(box(5)));
    expect(screen.getByText('5 ticked')).toBeTruthy();
    expect(box(6).getAttribute('aria-checked')).toBe('false');
  });

  it('"Select all" ticks every shown album; Escape leaves Select mode and forgets the selection', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByText('6 ticked')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByText('0 ticked')).toBeTruthy();
  });
});
