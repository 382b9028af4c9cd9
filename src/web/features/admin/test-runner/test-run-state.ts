import type { ParsedTestLine, TestSuiteId, TestSuiteInfo } from '../../../../common/admin-testing.schemas';

/** docs/product/admin.md#testing: per test idle, running, passed, failed; per suite idle, running, then passed or failed. */
export type TestStatus = 'idle' | 'running' | 'passed' | 'failed';

export interface TestState {
  name: string;
  status: TestStatus;
  durationMs: number | null;
  reason: string | null;
}

export interface SuiteState {
  id: TestSuiteId;
  status: TestStatus;
  tests: TestState[];
}

export type SuitesState = Record<string, SuiteState>;

/** docs/product/admin.md#testing: Run All pauses this long between suites. */
export const SUITE_PAUSE_MS = 1000;

const idleTest = (name: string): TestState => ({ name, status: 'idle', durationMs: null, reason: null });

/** Every suite idle, with the tests the server listed (Clear returns here too). */
export function idleSuites(suites: readonly TestSuiteInfo[]): SuitesState {
  return Object.fromEntries(
    suites.map((suite) => [suite.id, { id: suite.id, status: 'idle', tests: suite.tests.map(idleTest) } satisfies SuiteState]),
  );
}

/** A suite's run starts: its first test runs, the others wait. */
export function startSuite(suite: SuiteState): SuiteState {
  return {
    ...suite,
    status: 'running',
    tests: suite.tests.map((test, index) => ({ ...idleTest(test.name), status: index === 0 ? 'running' : 'idle' })),
  };
}

/**
 * A streamed line ended a test: it takes the line's result and the next test still waiting starts. A
 * line naming a test the card did not list (a newer server) is added, so nothing reported is lost.
 */
export function applyResult(suite: SuiteState, result: ParsedTestLine): SuiteState {
  const done: TestState = {
    name: result.name,
    status: result.passed ? 'passed' : 'failed',
    durationMs: result.durationMs,
    reason: result.reason,
  };
  const index = suite.tests.findIndex((test) => test.name === result.name);
  const tests = index >= 0 ? suite.tests.map((test, i) => (i === index ? done : test)) : [...suite.tests, done];
  const next = tests.findIndex((test) => test.status === 'idle');
  if (next >= 0 && !tests.some((test) => test.status === 'running')) tests[next] = { ...tests[next]!, status: 'running' };
  return { ...suite, tests };
}

/**
 * The stream has ended (or broken, with `error`): tests still waiting or running fail — the server
 * sends a line for every test, so a missing one means the run did not finish — and the suite passes
 * only if every test did.
 */
export function finishSuite(suite: SuiteState, error?: string): SuiteState {
  const tests = suite.tests.map((test) =>
    test.status === 'idle' || test.status === 'running'
      ? { ...test, status: 'failed' as const, reason: error ?? 'no result received' }
      : test,
  );
  return { ...suite, status: tests.every((test) => test.status === 'passed') ? 'passed' : 'failed', tests };
}

/** Tests with a result, out of all tests of the suites in this run: the progress bar's percent. */
export function progressPercent(suites: readonly SuiteState[]): number {
  const total = suites.reduce((sum, suite) => sum + suite.tests.length, 0);
  if (total === 0) return 0;
  const done = suites.reduce(
    (sum, suite) => sum + suite.tests.filter((test) => test.status === 'passed' || test.status === 'failed').length,
    0,
  );
  return Math.round((done / total) * 100);
}

/** Counts of a finished run, for its toast. */
export function outcome(suites: readonly SuiteState[]): { total: number; failed: number } {
  const tests = suites.flatMap((suite) => suite.tests);
  return { total: tests.length, failed: tests.filter((test) => test.status !== 'passed').length };
}

/** docs/product/admin.md#testing: a product prefix and the current (local) date, YYYY-MM-DD. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `spindle-test-results-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.txt`;
}

/** A log line with the local time in front. */
export function logLine(text: string, now: Date = new Date()): string {
  return `[${now.toLocaleTimeString('en-GB', { hour12: false })}] ${text}`;
}

/** The exported file: a heading, each suite's tests with their status, then the whole log. */
export function exportText(
  suites: readonly SuiteState[],
  names: Record<string, string>,
  log: readonly string[],
  now: Date = new Date(),
): string {
  const lines = ['Spindle test results', `Exported ${now.toISOString()}`, ''];
  for (const suite of suites) {
    lines.push(`${names[suite.id] ?? suite.id}: ${suite.status}`);
    for (const test of suite.tests) {
      const duration = test.durationMs === null ? '' : ` (${test.durationMs} ms)`;
      lines.push(`  ${test.status.padEnd(7)} ${test.name}${duration}${test.reason ? `: ${test.reason}` : ''}`);
    }
    lines.push('');
  }
  lines.push('Test Output', ...(log.length ? log : ['(empty)']), '');
  return lines.join('\n');
}
