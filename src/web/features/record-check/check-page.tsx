import { Camera, Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { checkAlbumBarcode } from '../../../common/barcode';
import { checkRequestFor, type CheckRequest } from '../../../common/record-check';
import { RECORD_CHECK_MESSAGES } from '../../../common/record-check.schemas';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../lib/use-document-title';
import { getOfflineState, subscribeOfflineState } from '../../offline/offline-state';
import { useQuery } from '@tanstack/react-query';
import { albumsQuery } from '../albums/api';
import { wishlistQuery } from './api';
import { CheckAnswer } from './components/check-answer';
import { useRecordCheck } from './use-record-check';

// The camera and its decoder load only when Scan is pressed (the album form's scanner).
const BarcodeScannerDialog = lazy(() => import('../releases/components/barcode-scanner-dialog'));

const NO_SHELF = 'You are offline and this device has no copy of your shelf yet. Open Spindle once with a network to keep one.';

/** Without a network, by the browser's word or because the page's reads come from the kept copy. */
function useOffline(): boolean {
  const state = useSyncExternalStore(subscribeOfflineState, getOfflineState);
  const [browserOffline, setBrowserOffline] = useState(() => navigator.onLine === false);
  useEffect(() => {
    const update = () => setBrowserOffline(navigator.onLine === false);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return browserOffline || state.offline;
}

/** What was typed, checked before anything is asked: a barcode by its rule, words by being there. */
function typedRequest(typed: string): { request: CheckRequest } | { error: string } {
  if (!typed.trim()) return { error: RECORD_CHECK_MESSAGES.q };
  const request = checkRequestFor(typed);
  if ('barcode' in request) {
    const checked = checkAlbumBarcode(request.barcode);
    return checked.ok ? { request: { barcode: checked.barcode } } : { error: checked.message };
  }
  return { request };
}

/** /check: the record-fair check (docs/product/record-check.md#page). */
export default function CheckPage() {
  useDocumentTitle('Check a record');
  const offline = useOffline();
  // Offline, the kept lists are read (and held) as the page opens, so a check answers at once.
  useQuery({ ...albumsQuery, enabled: offline, retry: false });
  useQuery({ ...wishlistQuery, enabled: offline, retry: false });
  const { state, run, reset } = useRecordCheck();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [scanning, setScanning] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const check = useCallback(
    (text: string) => {
      const parsed = typedRequest(text);
      if ('error' in parsed) {
        setFieldError(parsed.error);
        reset();
        return;
      }
      setFieldError(undefined);
      void run(parsed.request);
    },
    [run, reset],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    check(typed);
  };

  const onScanned = useCallback(
    (barcode: string) => {
      setScanning(false);
      setTyped(barcode);
      check(barcode);
    },
    [check],
  );

  const error = fieldError ?? (state.kind === 'failed' && state.field ? state.message : undefined);

  return (
    <main className="mx-auto w-full max-w-2xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <h1 className="text-3xl font-semibold tracking-tight">Check a record</h1>
      <p className="mt-2 text-sm text-ink-muted">Scan or type the barcode on the sleeve, or type a title: do you own it, do you want it?</p>

      <form onSubmit={onSubmit} className="mt-6 flex flex-wrap items-start gap-2" role="search" aria-label="Check a record" noValidate>
        <FormField id="check-text" label="Barcode, title or artist" error={error} className="min-w-0 flex-1 basis-64">
          {(aria) => (
            <Input
              {...aria}
              ref={input}
              type="search"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (fieldError) setFieldError(undefined);
              }}
              // The page is opened to check one thing: the field is ready for it.
              autoFocus
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              placeholder="e.g. 0602577289118 or Blue Train"
              className="[&::-webkit-search-cancel-button]:appearance-none"
            />
          )}
        </FormField>
        {/* Lined up with the input (an error sits under it); on a phone, a row of their own under it. */}
        <div className="flex gap-2 max-sm:w-full sm:pt-[1.625rem]">
          <Button type="submit" className="max-sm:flex-1">
            <Search aria-hidden />
            Check
          </Button>
          <Button type="button" variant="secondary" className="max-sm:flex-1" onClick={() => setScanning(true)}>
            <Camera aria-hidden />
            Scan
          </Button>
        </div>
      </form>

      <div className="mt-8" aria-live="polite" aria-busy={state.kind === 'checking'}>
        {state.kind === 'checking' && (
          <div className="grid gap-3 rounded-2xl border border-line bg-surface p-5" aria-label="Checking">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-64 max-w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {state.kind === 'answered' && <CheckAnswer request={state.request} result={state.result} keptAt={state.keptAt} now={state.answeredAt} />}
        {state.kind === 'no-shelf' && (
          <p role="alert" className="rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
            {NO_SHELF}
          </p>
        )}
        {state.kind === 'failed' && !state.field && (
          <p role="alert" className="rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm">
            {state.message}
          </p>
        )}
        {state.kind === 'idle' && offline && (
          <p className="text-sm text-ink-muted" data-testid="check-offline-hint">
            You are offline: checks use the copy of your shelf kept on this device, and nothing you type leaves it.
          </p>
        )}
      </div>

      {scanning && (
        <Suspense fallback={null}>
          <BarcodeScannerDialog
            open={scanning}
            onOpenChange={(open) => {
              setScanning(open);
              if (!open) input.current?.focus();
            }}
            onDetected={onScanned}
          />
        </Suspense>
      )}
    </main>
  );
}
