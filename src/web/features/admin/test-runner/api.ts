import { queryOptions } from '@tanstack/react-query';
import {
  parseTestLine,
  testSuiteListSchema,
  type ParsedTestLine,
  type TestSuiteId,
} from '../../../../common/admin-testing.schemas';
import { getJson, send, toApiError } from '../../../lib/api-client';
import { forEachLine } from '../../../lib/stream-lines';

export const ADMIN_TEST_SUITES = '/api/admin/test-suites';
export const ADMIN_RUN_TESTS = '/api/admin/run-tests';

/** GET /api/admin/test-suites: each suite's name, description and tests, shown before any run. */
export const testSuitesQuery = () =>
  queryOptions({
    queryKey: [ADMIN_TEST_SUITES],
    queryFn: async ({ signal }) => testSuiteListSchema.parse(await getJson(ADMIN_TEST_SUITES, { signal })).suites,
    staleTime: Infinity,
  });

/**
 * POST /api/admin/run-tests (docs/product/admin.md#testing): reads the streamed text line by
 * line as it arrives and hands each test result to `onResult` (anything else to `onOther`).
 * Rejects with ApiError on a non-OK answer (409: another run is in progress) or NetworkError.
 */
export async function streamTestRun(
  suiteId: TestSuiteId,
  handlers: { onResult: (result: ParsedTestLine, line: string) => void; onOther?: (line: string) => void },
  signal?: AbortSignal,
): Promise<void> {
  const response = await send(ADMIN_RUN_TESTS, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
    body: JSON.stringify({ suiteId }),
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new Error('The test run sent no output');
  await forEachLine(response.body, (line) => {
    const result = parseTestLine(line);
    if (result) handlers.onResult(result, line);
    else handlers.onOther?.(line);
  });
}
