import type { FastifyInstance } from 'fastify';
import type { TestSuiteId, TestSuiteInfo } from '../../../../common/admin-testing.schemas.js';
import type { AppContext } from '../../../context.js';

/** What a suite's checks reach: the app itself (its routes through app.inject) and its context. */
export interface RunEnv {
  app: FastifyInstance;
  ctx: AppContext;
  /** The administrator who started the run (cover storage writes a row in their name and rolls it back). */
  adminUserId: number;
}

export interface TestResult {
  name: string;
  passed: boolean;
  durationMs: number;
  reason?: string;
}

/**
 * Runs one named check and reports it as it ends; answers whether it passed. A check fails by
 * throwing: its message becomes the line's reason.
 */
export type Check = (name: string, run: () => Promise<void>) => Promise<boolean>;

export interface TestSuite extends Omit<TestSuiteInfo, 'id'> {
  id: TestSuiteId;
  /** Runs every test in `tests`, in that order, each through `check`. */
  run(env: RunEnv, check: Check): Promise<void>;
}

/** A check's failure with a reason meant for the administrator's log. */
export class CheckFailed extends Error {}

export function assert(condition: unknown, reason: string): asserts condition {
  if (!condition) throw new CheckFailed(reason);
}

/** Lists at most `max` items, then how many more. */
export function listSome(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}
