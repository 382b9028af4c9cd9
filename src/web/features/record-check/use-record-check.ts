import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { CheckRequest } from '../../../common/record-check';
import type { RecordCheckResult } from '../../../common/record-check.schemas';
import { errorMessage, isApiError, NetworkError } from '../../lib/api-client';
import { checkOnShelf, checkOnline, isOffline } from './api';

/** What the page shows under the field. */
export type CheckState =
  | { kind: 'idle' }
  | { kind: 'checking'; request: CheckRequest }
  /** `keptAt`: answered from the kept copy of that time (ms), never sent anywhere. */
  | { kind: 'answered'; request: CheckRequest; result: RecordCheckResult; keptAt: number | null; answeredAt: number }
  | { kind: 'no-shelf'; request: CheckRequest }
  | { kind: 'failed'; request: CheckRequest; message: string; field: boolean };

/**
 * Runs a check (docs/product/record-check.md#offline): online, the server answers; offline (or when
 * that request finds no network), the kept albums and wish list do, and what was typed stays on the
 * device. The latest check wins: an earlier one answering late changes nothing.
 */
export function useRecordCheck() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const latest = useRef(0);

  const run = useCallback(
    async (request: CheckRequest) => {
      const number = ++latest.current;
      const show = (next: CheckState) => {
        if (number === latest.current) setState(next);
      };
      show({ kind: 'checking', request });
      const onShelf = async () => {
        try {
          const { result, keptAt } = await checkOnShelf(queryClient, request);
          show({ kind: 'answered', request, result, keptAt, answeredAt: Date.now() });
        } catch (error) {
          show(error instanceof NetworkError ? { kind: 'no-shelf', request } : { kind: 'failed', request, message: errorMessage(error), field: false });
        }
      };
      if (isOffline()) return onShelf();
      try {
        show({ kind: 'answered', request, result: await checkOnline(request), keptAt: null, answeredAt: Date.now() });
      } catch (error) {
        if (error instanceof NetworkError) return onShelf();
        // A 400 is about what was typed: shown under the field, as the form shows its own.
        const field = isApiError(error, 400);
        show({ kind: 'failed', request, message: (isApiError(error) && error.serverMessage) || errorMessage(error), field });
      }
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    latest.current++;
    setState({ kind: 'idle' });
  }, []);

  return { state, run, reset };
}
