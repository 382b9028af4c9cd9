import { ArrowLeft, FileUp, Heart, Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { IMPORT_LIMITS, type ImportReport } from '../../../common/import.schemas';
import { STORAGE_KEYS } from '../../../common/constants';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { ApiError, NetworkError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { arriveHomeAt } from '../../lib/home-view-memory';
import { collectionHref } from '../collections/selected-collection';
import { EnrichmentPanel } from '../enrichment/components/enrichment-panel';
import { useRefreshEnrichment } from '../enrichment/api';
import { findDetailsText } from '../enrichment/enrichment-text';
import { dryRunImport, runImport, useRefreshAfterImport, useRefreshAfterWantlist } from './api';
import { ImportReportView } from './components/import-report-view';
import { formatCount, importSuccessText, isWantlist, itemsText, progressPercent, wishesText } from './import-text';
import { StickyActionsBar } from '../../components/sticky-actions-bar';

type Step =
  /** `refusal`: why the last file chosen could not be read; it stays beside the field until another is chosen. */
  | { kind: 'choose'; refusal?: { fileName: string; title: string; message: string } }
  | { kind: 'checking'; file: File }
  | { kind: 'report'; file: File; report: ImportReport }
  | { kind: 'importing'; file: File; report: ImportReport; done: number; total: number }
  /** A wantlist imported: the page says where the wishes went (the collection home shows none of them). */
  | { kind: 'wished'; file: File; added: number };

/** The server's own words when it gave some (a refused file, a 402 of the free tier). */
function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof NetworkError) return error.message;
  return error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

function homeHref(): string {
  const selected = localStore.get(STORAGE_KEYS.selectedCollection);
  return selected ? collectionHref(selected) : '/';
}

function ProgressBar({ done, total, wishes }: { done: number; total: number; wishes: boolean }) {
  const percent = progressPercent(done, total);
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <div className="flex justify-between text-sm">
        <span id="import-progress-label" className="font-medium">
          {wishes ? 'Adding to your wish list…' : 'Importing albums…'}
        </span>
        <span className="text-ink-muted tabular-nums">
          {formatCount(done)} of {formatCount(total)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatCount(done)} of ${itemsText(wishes ? 'discogs-wantlist' : 'discogs', total)} written`}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-accent transition-[width] duration-150 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Button variant="ghost" className="-ml-3" onClick={() => navigate(homeHref())}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Import Albums</h1>
      <p className="mt-2 max-w-2xl text-sm text-ink-muted">
        Bring in a Discogs collection export (on Discogs: Collection → Export), a Discogs wantlist export (it fills your wish list) or a CSV
        exported from Spindle. You will see what happens to every row before anything is saved.
      </p>
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6">{children}</div>
    </main>
  );
}

/** /import (docs/product/import.md#page): choose a CSV file, read the dry run's report, import with a progress bar. */
export default function ImportPage() {
  useDocumentTitle('Import Albums');
  const [, navigate] = useLocation();
  const refresh = useRefreshAfterImport();
  const refreshEnrichment = useRefreshEnrichment();
  const refreshWishes = useRefreshAfterWantlist();
  // docs/product/import.md#covers-and-details-found-after-an-import: on by default.
  const [findDetails, setFindDetails] = useState(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const busy = step.kind === 'checking' || step.kind === 'importing';

  const check = async (file: File) => {
    if (file.size > IMPORT_LIMITS.maxBytes) {
      const message = `The file is too large: at most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB can be imported at once`;
      setStep({ kind: 'choose', refusal: { fileName: file.name, title: 'Import failed', message } });
      toast({ title: 'Import failed', description: message, variant: 'destructive' });
      return;
    }
    setStep({ kind: 'checking', file });
    try {
      setStep({ kind: 'report', file, report: await dryRunImport(file) });
    } catch (error) {
      // A 402 is about the plan (the free tier's limits), not the file.
      const title = error instanceof ApiError && error.status === 402 ? 'Subscription required' : 'Could not read the file';
      // Said beside the file field too: a toast goes after a few seconds, and a long reason (which
      // columns a Discogs export must have) needs longer than that to read.
      setStep({ kind: 'choose', refusal: { fileName: file.name, title, message: errorText(error) } });
      toast({ title, description: errorText(error), variant: 'destructive' });
    }
  };

  const startImport = async () => {
    if (step.kind !== 'report') return;
    const { file, report } = step;
    setStep({ kind: 'importing', file, report, done: 0, total: report.toAdd.count });
    const wantlist = isWantlist(report.format);
    try {
      // Wishes are not looked up afterwards, so a wantlist never asks for it.
      const result = await runImport(file, (done, total) => setStep({ kind: 'importing', file, report, done, total }), findDetails && !wantlist);
      // The full bar is shown for a moment before the page changes: the last chunk and the result
      // arrive together, and the user should see the import finish, not vanish at two thirds.
      setStep({ kind: 'importing', file, report, done: result.added, total: result.added });
      const pause = new Promise((resolve) => setTimeout(resolve, 400));
      if (wantlist) {
        await Promise.all([refreshWishes(), pause]);
        toast({ ...importSuccessText(result, report.format), variant: 'success' });
        setStep({ kind: 'wished', file, added: result.added });
        return;
      }
      await Promise.all([refresh(), refreshEnrichment(), pause]);
      toast({ ...importSuccessText(result), variant: 'success' });
      const first = report.toAdd.items[0]?.collection;
      arriveHomeAt({ kind: 'top' });
      navigate(first ? collectionHref(first) : homeHref());
    } catch (error) {
      // Nothing was written (one transaction): the report stays, so the user can try again.
      setStep({ kind: 'report', file, report });
      toast({ title: 'Import failed', description: errorText(error), variant: 'destructive' });
    }
  };

  const chooseFile = () => inputRef.current?.click();
  const file = step.kind === 'choose' ? null : step.file;
  const refusal = step.kind === 'choose' ? step.refusal : undefined;

  return (
    <Page>
      <Card className="flex flex-wrap items-center gap-4 p-5 sm:p-6">
        <div className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
          <FileUp aria-hidden className="size-5" />
        </div>
        <div className="min-w-0 flex-1 basis-40">
          <p className="font-medium break-all">{file ? file.name : 'Choose a CSV file'}</p>
          <p className="text-sm text-ink-muted">
            {file
              ? `${formatCount(Math.max(1, Math.round(file.size / 1024)))} KB`
              : `Up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${formatCount(IMPORT_LIMITS.maxRows)} albums.`}
          </p>
        </div>
        {/* The native input stays in the page (and in reach of tests) but the button is what a user presses. */}
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="import-file-input"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void check(chosen);
          }}
        />
        <Button variant={file ? 'secondary' : 'primary'} onClick={chooseFile} disabled={busy} aria-describedby={refusal ? 'import-file-error' : undefined}>
          <FileUp aria-hidden />
          {file ? 'Choose another file' : 'Choose file'}
        </Button>
        {refusal && (
          <div id="import-file-error" role="alert" className="basis-full rounded-lg border border-danger/40 bg-danger/5 px-3 py-2 text-sm">
            <p className="font-medium break-all text-danger">
              {refusal.title}: {refusal.fileName}
            </p>
            <p className="break-words text-ink">{refusal.message}</p>
          </div>
        )}
      </Card>

      {step.kind === 'choose' && <EnrichmentPanel />}

      {step.kind === 'wished' && (
        <Card className="flex flex-wrap items-center gap-4 p-5 sm:p-6" data-testid="import-wished">
          <div className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
            <Heart aria-hidden className="size-5" />
          </div>
          <p role="status" className="min-w-0 flex-1 basis-48 font-medium">
            {wishesText(step.added)} added to your wish list.
          </p>
          <Button asChild>
            <Link href="/wishlist">Open your wish list</Link>
          </Button>
        </Card>
      )}

      {step.kind === 'checking' && (
        <Card className="grid gap-4 p-6" data-testid="import-checking">
          <p role="status" className="text-sm text-ink-muted">
            Checking every row of {step.file.name}…
          </p>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-16 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-32 w-full rounded-xl" />
        </Card>
      )}

      {(step.kind === 'report' || step.kind === 'importing') && (
        <>
          <ImportReportView report={step.report} fileName={step.file.name} />
          <StickyActionsBar className="grid gap-3">
            {step.kind === 'importing' ? (
              <ProgressBar done={step.done} total={step.total} wishes={isWantlist(step.report.format)} />
            ) : (
              <div className="flex flex-wrap items-center justify-end gap-2">
                {step.report.toAdd.count > 0 && !isWantlist(step.report.format) && (
                  <div className="flex basis-full items-center gap-2">
                    <Checkbox id="import-find-details" checked={findDetails} onCheckedChange={(checked) => setFindDetails(checked === true)} />
                    <Label htmlFor="import-find-details" className="text-sm font-normal">
                      {findDetailsText(step.report.toAdd.count)}
                    </Label>
                  </div>
                )}
                <p className="mr-auto text-sm text-ink-muted">
                  {step.report.toAdd.count === 0
                    ? 'Nothing in this file can be added.'
                    : `All or nothing: if anything fails, no ${isWantlist(step.report.format) ? 'wish' : 'album'} is saved.`}
                </p>
                <Button variant="ghost" onClick={() => setStep({ kind: 'choose' })}>
                  Cancel
                </Button>
                <Button onClick={() => void startImport()} disabled={step.report.toAdd.count === 0}>
                  <Upload aria-hidden />
                  {isWantlist(step.report.format)
                    ? `Add ${wishesText(step.report.toAdd.count)} to your wish list`
                    : `Import ${itemsText(step.report.format, step.report.toAdd.count)}`}
                </Button>
              </div>
            )}
          </StickyActionsBar>
        </>
      )}
    </Page>
  );
}
