import { useQuery } from '@tanstack/react-query';
import {
  CheckCircle2,
  Circle,
  Database,
  Download,
  LoaderCircle,
  Play,
  Server,
  Trash2,
  Users,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TestSuiteId, TestSuiteInfo } from '../../../../common/admin-testing.schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { testSuitesQuery } from './api';
import { exportFileName, exportText, progressPercent, type SuiteState, type TestStatus } from './test-run-state';
import { testRunStore, useTestRun } from './test-run-store';
import { saveBlob } from '../../../lib/download';

const SUITE_ICONS: Record<TestSuiteInfo['icon'], LucideIcon> = { server: Server, database: Database, users: Users };

const STATUS_LABELS: Record<TestStatus, string> = { idle: 'Idle', running: 'Running', passed: 'Passed', failed: 'Failed' };

const STATUS_BADGE: Record<TestStatus, string> = {
  idle: 'border-line text-ink-muted',
  running: 'border-accent text-accent-strong',
  passed: 'border-success text-success',
  failed: 'border-danger text-danger',
};

function StatusIcon({ status }: { status: TestStatus }) {
  const common = 'size-4 shrink-0';
  if (status === 'running')
    return <LoaderCircle aria-hidden className={cn(common, 'animate-spin text-accent-strong motion-reduce:animate-none')} />;
  if (status === 'passed') return <CheckCircle2 aria-hidden className={cn(common, 'text-success')} />;
  if (status === 'failed') return <XCircle aria-hidden className={cn(common, 'text-danger')} />;
  return <Circle aria-hidden className={cn(common, 'text-ink-muted')} />;
}

function SuiteCard({ info, state, onRun }: { info: TestSuiteInfo; state: SuiteState | undefined; onRun: () => void }) {
  const Icon = SUITE_ICONS[info.icon];
  const status = state?.status ?? 'idle';
  const titleId = `test-suite-${info.id}`;
  return (
    <Card className="flex min-w-0 flex-col" aria-labelledby={titleId} role="group" data-suite={info.id}>
      <div className="flex items-start gap-3 p-5 pb-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-strong">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={titleId} className="font-semibold">
              {info.name}
            </h3>
            <span
              className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_BADGE[status])}
              data-testid="suite-status"
            >
              {STATUS_LABELS[status]}
            </span>
          </div>
          <p className="mt-1 text-sm text-ink-muted">{info.description}</p>
        </div>
      </div>
      <ul className="flex-1 space-y-1 px-5 pb-4" aria-label={`${info.name} tests`}>
        {(state?.tests ?? info.tests.map((name) => ({ name, status: 'idle' as const, durationMs: null, reason: null }))).map(
          (test) => (
            <li key={test.name} className="rounded-lg px-2 py-1.5 text-sm even:bg-muted/60" data-status={test.status}>
              <div className="flex items-center gap-2">
                <StatusIcon status={test.status} />
                <span className="min-w-0 flex-1">{test.name}</span>
                <span className="sr-only">: {STATUS_LABELS[test.status]}</span>
                {test.durationMs !== null && (
                  <span className="shrink-0 text-xs text-ink-muted tabular-nums">{test.durationMs} ms</span>
                )}
              </div>
              {test.reason && <p className="mt-1 ml-6 text-xs break-words text-danger">{test.reason}</p>}
            </li>
          ),
        )}
      </ul>
      <div className="border-t border-line px-5 py-3">
        <Button variant="secondary" size="sm" onClick={onRun} aria-label={`Run Tests (${info.name})`}>
          <Play aria-hidden />
          Run Tests
        </Button>
      </div>
    </Card>
  );
}

function ProgressBar({ percent }: { percent: number }) {
  return (
    <div className="mt-6" data-testid="test-progress">
      <div className="flex items-center justify-between text-sm">
        <span id="test-progress-label" className="font-medium">
          Running Tests...
        </span>
        <span className="text-ink-muted tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="test-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-200 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function TestOutput({ log }: { log: readonly string[] }) {
  const ref = useRef<HTMLPreElement>(null);
  // The log follows new lines as they come.
  useEffect(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [log.length]);
  return (
    <Card className="mt-6 min-w-0">
      <CardHeader>
        <CardTitle id="test-output-title" className="text-base">
          Test Output
        </CardTitle>
        <CardDescription>Each line appears as its test ends.</CardDescription>
      </CardHeader>
      <CardContent>
        <pre
          ref={ref}
          role="log"
          aria-labelledby="test-output-title"
          tabIndex={0}
          data-testid="test-output"
          className="h-[400px] overflow-auto rounded-xl border border-line bg-paper p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-accent"
        >
          {log.length ? (
            log.join('\n')
          ) : (
            <span className="text-ink-muted">No tests have run yet. Press Run All Tests or a suite’s Run Tests.</span>
          )}
        </pre>
      </CardContent>
    </Card>
  );
}

/**
 * The admin dashboard's Testing tab (docs/product/admin.md#testing): the built-in suites run on the server
 * and stream their results.
 */
export function TestRunnerTab() {
  const suitesQuery = useQuery(testSuitesQuery());
  const run = useTestRun();
  const suites = suitesQuery.data;
  useEffect(() => {
    if (suites) testRunStore.setSuites(suites);
  }, [suites]);

  const runIds = (ids: readonly TestSuiteId[]) => void testRunStore.run(ids);
  const percent = progressPercent(
    run.runIds.map((id) => run.suites[id]).filter((suite): suite is SuiteState => suite !== undefined),
  );
  const exportResults = () => {
    const names = Object.fromEntries((suites ?? []).map((suite) => [suite.id, suite.name]));
    const ordered = (suites ?? [])
      .map((suite) => run.suites[suite.id])
      .filter((suite): suite is SuiteState => suite !== undefined);
    saveBlob(new Blob([exportText(ordered, names, run.log)], { type: 'text/plain;charset=utf-8' }), exportFileName());
  };

  return (
    <section aria-labelledby="testing-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id="testing-title" className="text-xl font-semibold tracking-tight">
            Application Testing Dashboard
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Real checks of the running server, its database and a user’s journey.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => suites && runIds(suites.map((suite) => suite.id))} disabled={!suites} loading={run.running}>
            {!run.running && <Play aria-hidden />}
            Run All Tests
          </Button>
          <Button variant="secondary" onClick={() => testRunStore.clear()} disabled={run.running}>
            <Trash2 aria-hidden />
            Clear Results
          </Button>
          <Button variant="secondary" onClick={exportResults} disabled={!suites}>
            <Download aria-hidden />
            Export Results
          </Button>
        </div>
      </div>

      {run.running && <ProgressBar percent={percent} />}

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {suitesQuery.isPending &&
          [0, 1, 2].map((key) => (
            <Card key={key} className="space-y-3 p-5">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-24 w-full" />
            </Card>
          ))}
        {suitesQuery.isError && (
          <Card className="p-6 lg:col-span-3">
            <p className="text-sm">Could not load the test suites.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void suitesQuery.refetch()}>
              Try Again
            </Button>
          </Card>
        )}
        {suites?.map((suite) => (
          <SuiteCard key={suite.id} info={suite} state={run.suites[suite.id]} onRun={() => runIds([suite.id])} />
        ))}
      </div>

      <TestOutput log={run.log} />
    </section>
  );
}
