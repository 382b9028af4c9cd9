import { describe, expect, it, vi } from 'vitest';
import { formatTestLine, parseTestLine, type ParsedTestLine, type TestSuiteInfo } from '../../../../common/admin-testing.schemas';
import { ApiError } from '../../../lib/api-client';
import type { streamTestRun } from './api';
import { applyResult, exportFileName, exportText, finishSuite, idleSuites, progressPercent, startSuite } from './test-run-state';
import { createTestRunStore } from './test-run-store';

const SUITES: TestSuiteInfo[] = [
  { id: 'core', name: 'Core Application', description: '', icon: 'server', tests: ['a', 'b'] },
  { id: 'database', name: 'Database Integrity', description: '', icon: 'database', tests: ['c'] },
];
const result = (name: string, passed = true, reason: string | null = null): ParsedTestLine => ({
  name,
  passed,
  durationMs: 3,
  reason,
});

describe('test lines (docs/product/admin.md#testing)', () => {
  it('are written and read back, a reason on one line', () => {
    const line = formatTestLine({ name: 'Mail path ready', passed: false, durationMs: 12.4, reason: 'refused\nat 127.0.0.1' });
    expect(line).toBe('✗ Mail path ready (12 ms): refused at 127.0.0.1');
    expect(parseTestLine(line)).toEqual({
      name: 'Mail path ready',
      passed: false,
      durationMs: 12,
      reason: 'refused at 127.0.0.1',
    });
    expect(parseTestLine('✓ Log in (5 ms)')).toEqual({ name: 'Log in', passed: true, durationMs: 5, reason: null });
    expect(parseTestLine('Running Core tests...')).toBeNull();
  });
});

describe('suite state (docs/product/admin.md#testing)', () => {
  it('runs the first test, moves on as results come, and fails what never reported', () => {
    let suite = startSuite(idleSuites(SUITES).core!);
    expect(suite.tests.map((test) => test.status)).toEqual(['running', 'idle']);
    suite = applyResult(suite, result('a'));
    expect(suite.tests.map((test) => test.status)).toEqual(['passed', 'running']);
    expect(progressPercent([suite])).toBe(50);
    suite = finishSuite(suite);
    expect(suite.status).toBe('failed');
    expect(suite.tests[1]).toMatchObject({ status: 'failed', reason: 'no result received' });
  });

  it('passes a suite only when every test passed', () => {
    let suite = startSuite(idleSuites(SUITES).core!);
    suite = finishSuite(applyResult(applyResult(suite, result('a')), result('b')));
    expect(suite.status).toBe('passed');
    expect(progressPercent([suite])).toBe(100);
  });

  it('names the export with the product prefix and the local date, and puts the log in it', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('spindle-test-results-2026-01-05.txt');
    const suite = finishSuite(applyResult(startSuite(idleSuites(SUITES).core!), result('a', false, 'broken')));
    const text = exportText([suite], { core: 'Core Application' }, ['[10:00:00] ✗ a (3 ms): broken']);
    expect(text).toContain('Core Application: failed');
    expect(text).toContain('failed  a (3 ms): broken');
    expect(text).toContain('[10:00:00] ✗ a (3 ms): broken');
  });
});

function storeWith(stream: (id: string, handlers: Parameters<typeof streamTestRun>[1]) => Promise<void>) {
  const notify = vi.fn();
  const sleep = vi.fn(() => Promise.resolve());
  const store = createTestRunStore({ stream: stream, sleep, notify });
  store.setSuites(SUITES);
  return { store, notify, sleep };
}

describe('the test run store', () => {
  it('Run All runs the suites in turn with a 1 s pause between, then toasts Tests Completed', async () => {
    const order: string[] = [];
    const { store, notify, sleep } = storeWith(async (id, { onResult }) => {
      order.push(id);
      for (const name of SUITES.find((suite) => suite.id === id)!.tests)
        onResult(result(name), formatTestLine({ name, passed: true, durationMs: 3 }));
    });
    await store.run(['core', 'database']);
    expect(order).toEqual(['core', 'database']);
    expect(sleep).toHaveBeenCalledExactlyOnceWith(1000);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Tests Completed' }));
    expect(store.getSnapshot().suites.database!.status).toBe('passed');
    expect(store.getSnapshot().log.some((line) => line.endsWith('✓ c (3 ms)'))).toBe(true);
    store.clear();
    expect(store.getSnapshot().log).toEqual([]);
    expect(Object.values(store.getSnapshot().suites).map((suite) => suite.status)).toEqual(['idle', 'idle']);
  });

  it('writes a broken stream to the log, marks the suite failed and toasts Test Failed', async () => {
    const { store, notify } = storeWith(async (_id, { onResult }) => {
      onResult(result('a'), '✓ a (3 ms)');
      throw new Error('network gone');
    });
    await store.run(['core']);
    expect(store.getSnapshot().suites.core).toMatchObject({
      status: 'failed',
      tests: [{ status: 'passed' }, { status: 'failed' }],
    });
    expect(store.getSnapshot().log.some((line) => line.includes('Error: An unexpected error occurred'))).toBe(true);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Test Failed', variant: 'destructive' }));
  });

  it('shows Test Already Running for a second start, and for the server’s 409', async () => {
    let finish!: () => void;
    const { store, notify } = storeWith(() => new Promise<void>((resolve) => (finish = resolve)));
    const first = store.run(['core']);
    await store.run(['database']);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Test Already Running', description: 'Please wait for the current test to complete.' }),
    );
    finish();
    await first;

    const busy = storeWith(() => Promise.reject(new ApiError('busy', 409, {}, 'busy')));
    await busy.store.run(['core', 'database']);
    expect(busy.notify).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ title: 'Test Already Running' }));
    expect(busy.store.getSnapshot().suites.core!.status).toBe('idle');
    expect(busy.store.getSnapshot().running).toBe(false);
  });
});
