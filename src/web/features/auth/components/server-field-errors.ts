import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** What a submit handler reports back to its form: field messages from a 400 answer, if any. */
export type SubmitResult = { fieldErrors?: Record<string, string> } | void;

/** Puts the server's per-field messages (`errors` of docs/product/api.md#errors) under the fields they concern. */
export function useServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  return useCallback(
    (result: SubmitResult) => {
      if (!result?.fieldErrors) return;
      for (const field of fields) {
        const message = result.fieldErrors[field];
        if (message) setError(field, { type: 'server', message });
      }
    },
    [setError, fields],
  );
}
