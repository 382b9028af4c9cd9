// @vitest-environment jsdom
import '../../../test/dom-shims';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestRunnerTab } from './test-runner-tab';
import { testRunStore } from './test-run-store';

vi.setConfig({ testTimeout: 30_000 });

const SUITES = {
  suites: [
    { id: 'core', name: 'Core API', description: 'The server answers.', icon: 'server', tests: ['Health check', 'Sign-in'] },
  ],
};

/** The run's streamed answer, written by the test piece by piece as the server would. */
let output: ReadableStreamDefaultController<Uint8Array>;
let runAnswer: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const write = (text: string) => output.enqueue(new TextEncoder().encode(text));

beforeEach(() => {
  runAnswer = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          output = controller;
        },
      }),
      { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } },
    );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/admin/test-suites' ? json(SUITES) : runAnswer())),
  );
});
afterEach(() => {
  cleanup();
  testRunStore.clear();
  vi.unstubAllGlobals();
});

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestRunnerTab />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

/** The suites load through the app's fetch helper and zod: slower than findBy's 1 s on a busy machine. */
const SLOW = { timeout: 15_000 };

const testRow = (name: string) => screen.getByText(name).closest('li')!;
const log = () => screen.getByRole('log').textContent ?? '';

describe('the Testing tab reading a run as it streams', () => {
  it('moves the progress bar and marks each test as its line arrives, however the stream is cut', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Run Tests (Core API)' }, SLOW));
    expect(await screen.findByRole('progressbar', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(within(screen.getByRole('group', { name: 'Core API' })).getByTestId('suite-status').textContent).toBe('Running');

    write('✓ Health che');
    write('ck (12 ms)\n');
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'), SLOW);
    expect(testRow('Health check').getAttribute('data-status')).toBe('passed');
    expect(within(testRow('Health check')).getByText('12 ms')).toBeTruthy();
    expect(log()).toContain('✓ Health check (12 ms)');
    expect(testRow('Sign-in').getAttribute('data-status')).toBe('running');

    write('✗ Sign-in (30 ms): expected 200, got 500');
    output.close();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), SLOW);
    expect(testRow('Sign-in').getAttribute('data-status')).toBe('failed');
    expect(within(testRow('Sign-in')).getByText('expected 200, got 500')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Core API' })).getByTestId('suite-status').textContent).toBe('Failed');
    expect(log()).toContain('Core API: 1 passed, 1 failed');
  });

  it('says another run is in progress when the server answers 409, and leaves the suite as it was', async () => {
    runAnswer = () => json({ message: 'A test run is already in progress.' }, 409);
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Run Tests (Core API)' }, SLOW));
    await waitFor(() => expect(log()).toContain('Test Already Running: Please wait for the current test to complete.'), SLOW);
    expect(within(screen.getByRole('group', { name: 'Core API' })).getByTestId('suite-status').textContent).toBe('Idle');
    expect(screen.getByRole('button', { name: /Run All Tests/ }).hasAttribute('disabled')).toBe(false);
  });
});
