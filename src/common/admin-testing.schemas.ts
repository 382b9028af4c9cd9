import { z } from 'zod';

/** docs/product/admin.md#testing: the built-in suites, in the order Run All takes them. */
export const TEST_SUITE_IDS = ['core', 'database', 'workflows'] as const;
export type TestSuiteId = (typeof TEST_SUITE_IDS)[number];

/** POST /api/admin/run-tests. */
export const runTestsRequestSchema = z.object({
  suiteId: z.enum(TEST_SUITE_IDS, { error: 'Unknown test suite' }),
});
export type RunTestsRequest = z.input<typeof runTestsRequestSchema>;

/** GET /api/admin/test-suites: what each suite checks, so the cards can list their tests before a run. */
export const testSuiteSchema = z.object({
  id: z.enum(TEST_SUITE_IDS),
  name: z.string(),
  description: z.string(),
  /** A lucide icon name the card shows. */
  icon: z.enum(['server', 'database', 'users']),
  tests: z.array(z.string()),
});
export type TestSuiteInfo = z.infer<typeof testSuiteSchema>;
export const testSuiteListSchema = z.object({ suites: z.array(testSuiteSchema) });

export const TEST_RUN_BUSY_MESSAGE = 'A test run is already in progress. Please wait for the current test to complete.';

/** One streamed line per finished test: `✓ name (N ms)` or `✗ name (N ms): reason`. */
export function formatTestLine(result: {
  name: string;
  passed: boolean;
  durationMs: number;
  reason?: string | undefined;
}): string {
  const head = `${result.passed ? '✓' : '✗'} ${result.name} (${Math.round(result.durationMs)} ms)`;
  // One line per test: a reason never breaks the stream's framing.
  return result.passed ? head : `${head}: ${(result.reason ?? 'failed').replace(/\s*[\r\n]+\s*/g, ' ')}`;
}

export interface ParsedTestLine {
  name: string;
  passed: boolean;
  durationMs: number;
  reason: string | null;
}

const LINE = /^([✓✗]) (.+?) \((\d+) ms\)(?:: (.*))?$/u;

/** Reads one streamed line back; null for anything that is not a test result. */
export function parseTestLine(line: string): ParsedTestLine | null {
  const match = LINE.exec(line.trim());
  if (!match) return null;
  return { passed: match[1] === '✓', name: match[2]!, durationMs: Number(match[3]), reason: match[4] ?? null };
}
