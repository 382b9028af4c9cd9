// @vitest-environment jsdom
import '../../../test/dom-shims';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Album } from '../../../../common/albums.schemas';
import { newAlbumValues } from '../album-form-values';
import { AlbumForm } from './album-form';

/** What the form sent to POST /api/albums, in order. */
let posted: Record<string, unknown>[];
/** The server's answers to those POSTs, in order; the last one repeats. */
let answers: { status: number; body: unknown }[];

const savedAlbum = (body: Record<string, unknown>): Album =>
  ({
    id: 7,
    purchaseLocation: null,
    purchaseDate: null,
    coverUrl: null,
    genre: null,
    label: null,
    country: null,
    ...body,
  }) as Album;

beforeEach(() => {
  posted = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/albums' && init.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posted.push(body);
        const answer = answers[Math.min(posted.length - 1, answers.length - 1)] ?? { status: 201, body: savedAlbum(body) };
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{"message":"Not found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
});
// Rendering the whole form in jsdom takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Longer than findBy's 1 s: the form's checks and React's updates crawl on a loaded machine. */
const SLOW = { timeout: 15_000 };

function renderForm() {
  const onSaved = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AlbumForm
        defaultValues={newAlbumValues('Jazz', 2024)}
        collections={['Jazz']}
        onSaved={onSaved}
        onDeleted={vi.fn()}
        onCancel={vi.fn()}
      />
    </QueryClientProvider>,
  );
  // No pause between keystrokes: the form's reading of the text is under test, not typing speed.
  return { onSaved, user: userEvent.setup({ delay: null }) };
}

/** Whether the closest `pointer-events` set on `element` or an ancestor is `none` (what user-event refuses to click). */
function blocksPointer(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const value = getComputedStyle(node).pointerEvents;
    if (value && value !== 'inherit' && value !== 'unset') return value === 'none';
  }
  return false;
}

async function fillAndSave(user: ReturnType<typeof userEvent.setup>, price: string) {
  await user.type(screen.getByLabelText(/^Title/), 'Kind of Blue');
  await user.type(screen.getByLabelText(/^Artist/), 'Miles Davis');
  if (price) await user.type(screen.getByLabelText('Price (USD)'), price);
  await user.click(screen.getByRole('button', { name: 'Save Album' }));
}

describe('the album form’s price', () => {
  it('reads "12,50" as 12.50 dollars and sends it as a number', async () => {
    const { user, onSaved } = renderForm();
    await fillAndSave(user, '12,50');
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ title: 'Kind of Blue', artist: 'Miles Davis', collection: 'Jazz', price: 12.5 });
  });

  it('sends no price when the field is left empty', async () => {
    const { user, onSaved } = renderForm();
    await fillAndSave(user, '');
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    expect(posted[0]!.price).toBeNull();
  });

  it('refuses "$12.50" and a negative price under the field, and sends nothing', async () => {
    const { user } = renderForm();
    await fillAndSave(user, '$12.50');
    expect(await screen.findByText('Price must be a number', {}, SLOW)).toBeTruthy();
    const price = screen.getByLabelText('Price (USD)');
    expect(price.getAttribute('aria-invalid')).toBe('true');

    await user.clear(price);
    await user.type(price, '-3');
    await user.click(screen.getByRole('button', { name: 'Save Album' }));
    expect(await screen.findByText('Price cannot be negative', {}, SLOW)).toBeTruthy();
    expect(posted).toEqual([]);
  });
});

describe('a duplicate album (409)', () => {
  const duplicate = {
    status: 409,
    body: { message: '"Kind of Blue" by Miles Davis is already in "Jazz". Would you like to add it anyway?', code: 'CONFLICT' },
  };

  it('opens the Duplicate Album dialog with the server’s message; Add Anyway sends it again with allowDuplicate', async () => {
    const { user, onSaved } = renderForm();
    answers = [
      duplicate,
      { status: 201, body: savedAlbum({ title: 'Kind of Blue', artist: 'Miles Davis', collection: 'Jazz', price: null }) },
    ];
    await fillAndSave(user, '');
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(dialog.textContent).toContain('Duplicate Album');
    expect(dialog.textContent).toContain('This album already exists in this collection');
    expect(dialog.textContent).toContain('"Kind of Blue" by Miles Davis is already in "Jazz".');
    expect(onSaved).not.toHaveBeenCalled();

    // Radix lets pointers through to the dialog a moment after it appears (the body is blocked first);
    // on a busy machine the click can come before that, so it waits as a user's pointer would.
    const addAnyway = screen.getByRole('button', { name: 'Add Anyway' });
    await waitFor(() => expect(blocksPointer(addAnyway)).toBe(false), SLOW);
    await user.click(addAnyway);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), SLOW);
    expect(posted).toHaveLength(2);
    expect(posted[0]!.allowDuplicate).toBeUndefined();
    expect(posted[1]).toMatchObject({ title: 'Kind of Blue', allowDuplicate: true });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
  });

  it('Cancel closes the dialog and adds nothing', async () => {
    const { user, onSaved } = renderForm();
    answers = [duplicate];
    await fillAndSave(user, '');
    await screen.findByRole('alertdialog', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    expect(posted).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
