import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  IMPORT_PATHS,
  IMPORT_PROGRESS_TYPE,
  importProgressLineSchema,
  importReportSchema,
  type ImportReport,
  type ImportResult,
} from '../../../common/import.schemas';
import { FIND_DETAILS_PARAM } from '../../../common/enrichment-paths';
import { ApiError, send, toApiError } from '../../lib/api-client';
import { API, QUERY_KEYS } from '../../lib/api-paths';
import { forEachLine } from '../../lib/stream-lines';

function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/** POST /api/import/albums/dry-run: what the import would add, skip and refuse. Nothing is written. */
export async function dryRunImport(file: File, signal?: AbortSignal): Promise<ImportReport> {
  // No Content-Type header: the browser writes the multipart boundary itself.
  const response = await send(IMPORT_PATHS.dryRun, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: fileForm(file),
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  return importReportSchema.parse(await response.json());
}

/**
 * POST /api/import/albums with progress: the server answers one JSON line per chunk of albums
 * written (`progress`), then `done` with the result, or `error` when the transaction rolled back.
 */
export async function runImport(file: File, onProgress: (done: number, total: number) => void, findDetails = true): Promise<ImportResult> {
  const response = await send(findDetails ? IMPORT_PATHS.run : `${IMPORT_PATHS.run}?${FIND_DETAILS_PARAM}=false`, {
    method: 'POST',
    headers: { Accept: IMPORT_PROGRESS_TYPE },
    body: fileForm(file),
  });
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new Error('The import sent no answer');
  let result: ImportResult | undefined;
  await forEachLine(response.body, (text) => {
    const line = importProgressLineSchema.parse(JSON.parse(text));
    if (line.type === 'progress') onProgress(line.done, line.total);
    else if (line.type === 'done') result = line.result;
    else throw new ApiError(line.message, line.status, line, line.message);
  });
  if (!result) throw new Error('The import ended without a result; please check your collection before trying again.');
  return result;
}

/** After an import: the collections and the album list are read again (every page that shows them). */
export function useRefreshAfterImport() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.collections }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.albums }),
      ]),
    [queryClient],
  );
}

/** After a wantlist import: the wish list and the analytics (which count wishes) are read again. */
export function useRefreshAfterWantlist() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/wishlist') }),
        queryClient.invalidateQueries({ queryKey: [API.analytics] }),
      ]),
    [queryClient],
  );
}
