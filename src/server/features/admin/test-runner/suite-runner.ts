import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CheckFailed, type RunEnv, type TestResult, type TestSuite } from './test-suite.js';

/** A check that has not ended by then fails, so a hung dependency cannot hold the run (and its lease). */
export const CHECK_TIMEOUT_MS = 30_000;
const REASON_MAX = 500;

function reasonOf(error: unknown): string {
  const text =
    error instanceof CheckFailed
      ? error.message
      : error instanceof Error
        ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`
        : String(error);
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text || 'failed';
}

async function withTimeout(run: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a suite, calling `onResult` as each test ends, in the suite's declared order. Every declared
 * test gets exactly one result: one the suite never reached (it stopped on an unexpected error) fails
 * with that error, so the log always accounts for the whole suite.
 */
export async function runSuite(
  suite: TestSuite,
  env: RunEnv,
  onResult: (result: TestResult) => void,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<TestResult[]> {
  const results: TestResult[] = [];
  const report = (result: TestResult) => {
    results.push(result);
    onResult(result);
  };
  const check = async (name: string, run: () => Promise<void>) => {
    const started = performance.now();
    try {
      await withTimeout(run, timeoutMs);
      report({ name, passed: true, durationMs: performance.now() - started });
      return true;
    } catch (error) {
      if (!(error instanceof CheckFailed))
        env.ctx.log.warn({ err: error, suite: suite.id, test: name }, 'built-in test failed with an error');
      report({ name, passed: false, durationMs: performance.now() - started, reason: reasonOf(error) });
      return false;
    } finally {
      // Between tests the server serves others (SQLite's queries are synchronous) and the line goes out.
      await nextTurn();
    }
  };
  let stopped: string | undefined;
  try {
    await suite.run(env, check);
  } catch (error) {
    env.ctx.log.error({ err: error, suite: suite.id }, 'built-in test suite stopped');
    stopped = reasonOf(error);
  }
  const done = new Set(results.map((result) => result.name));
  for (const name of suite.tests) {
    if (!done.has(name)) report({ name, passed: false, durationMs: 0, reason: stopped ? `not run: ${stopped}` : 'not run' });
  }
  return results;
}
