import { useSyncExternalStore } from 'react';
import type { TestSuiteId, TestSuiteInfo } from '../../../../common/admin-testing.schemas';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { streamTestRun } from './api';
import {
  applyResult,
  finishSuite,
  idleSuites,
  logLine,
  outcome,
  SUITE_PAUSE_MS,
  startSuite,
  type SuiteState,
  type SuitesState,
} from './test-run-state';

export interface TestRunSnapshot {
  suites: SuitesState;
  log: readonly string[];
  running: boolean;
  /** The suites of the current (or last) run, for the progress bar. */
  runIds: readonly TestSuiteId[];
}

const ALREADY_RUNNING = { title: 'Test Already Running', description: 'Please wait for the current test to complete.' } as const;

/**
 * The Testing tab's state, kept outside React: a run goes on while the administrator looks at another
 * tab (Radix unmounts hidden tabs), and its results are still there on the way back.
 */
export function createTestRunStore(deps: {
  stream: typeof streamTestRun;
  sleep: (ms: number) => Promise<void>;
  notify: typeof toast;
}) {
  let snapshot: TestRunSnapshot = { suites: {}, log: [], running: false, runIds: [] };
  const listeners = new Set<() => void>();
  let names: Record<string, string> = {};
  let known: readonly TestSuiteInfo[] = [];

  const set = (next: Partial<TestRunSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener());
  };
  const log = (text: string) => set({ log: [...snapshot.log, logLine(text)] });
  const setSuite = (suite: SuiteState) => set({ suites: { ...snapshot.suites, [suite.id]: suite } });

  /** Runs one suite; answers its final state, or 'busy' when the server has another run going (409). */
  async function runOne(id: TestSuiteId): Promise<SuiteState | 'busy'> {
    const before = snapshot.suites[id]!;
    let suite = startSuite(before);
    setSuite(suite);
    log(`Running ${names[id] ?? id} tests...`);
    try {
      await deps.stream(id, {
        onResult: (result, line) => {
          suite = applyResult(suite, result);
          setSuite(suite);
          log(line);
        },
        onOther: (line) => log(line),
      });
      suite = finishSuite(suite);
    } catch (error) {
      if (isApiError(error, 409)) {
        setSuite(before);
        log(`${ALREADY_RUNNING.title}: ${ALREADY_RUNNING.description}`);
        return 'busy';
      }
      // A run's error goes to the log and its suite is marked failed.
      const message = errorMessage(error);
      log(`Error: ${message}`);
      suite = finishSuite(suite, message);
    }
    setSuite(suite);
    const failed = suite.tests.filter((test) => test.status !== 'passed').length;
    log(`${names[id] ?? id}: ${suite.tests.length - failed} passed, ${failed} failed`);
    return suite;
  }

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    /** The suites as the server lists them; statuses already shown are kept. */
    setSuites(suites: readonly TestSuiteInfo[]) {
      if (known === suites) return;
      known = suites;
      names = Object.fromEntries(suites.map((suite) => [suite.id, suite.name]));
      const fresh = idleSuites(suites);
      set({ suites: Object.fromEntries(Object.entries(fresh).map(([id, suite]) => [id, snapshot.suites[id] ?? suite])) });
    },

    /** Runs the suites one after another, 1 s apart (docs/product/admin.md#testing), then says how it went. */
    async run(ids: readonly TestSuiteId[]): Promise<void> {
      if (snapshot.running) {
        deps.notify({ ...ALREADY_RUNNING, variant: 'destructive' });
        return;
      }
      const fresh = idleSuites(known);
      set({
        running: true,
        runIds: ids,
        suites: { ...snapshot.suites, ...Object.fromEntries(ids.map((id) => [id, fresh[id]!])) },
      });
      const finished: SuiteState[] = [];
      try {
        for (const [index, id] of ids.entries()) {
          if (index > 0) await deps.sleep(SUITE_PAUSE_MS);
          const result = await runOne(id);
          if (result === 'busy') {
            deps.notify({ ...ALREADY_RUNNING, variant: 'destructive' });
            return;
          }
          finished.push(result);
        }
        const { total, failed } = outcome(finished);
        if (failed === 0)
          deps.notify({ title: 'Tests Completed', description: `All ${total} tests passed.`, variant: 'success' });
        else
          deps.notify({
            title: 'Test Failed',
            description: `${failed} of ${total} tests failed. See the test output for details.`,
            variant: 'destructive',
          });
      } finally {
        set({ running: false });
      }
    },

    /** Clear Results: the log empties and every status goes back to idle. */
    clear() {
      if (snapshot.running) return;
      set({ log: [], runIds: [], suites: idleSuites(known) });
    },
  };
}

export type TestRunStore = ReturnType<typeof createTestRunStore>;

export const testRunStore = createTestRunStore({
  stream: streamTestRun,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  notify: toast,
});

export function useTestRun(store: TestRunStore = testRunStore): TestRunSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
