import { Camera, ScanBarcode, Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useState, type KeyboardEvent } from 'react';
import { BARCODE_EXAMPLE, checkBarcode } from '../../../../common/barcode';
import type { Pressing } from '../../../../common/releases.schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorToast, toast } from '../../../components/ui/use-toast';
import { coverErrorText, importCoverArt } from '../../cover-art/api';
import { lookupPressing, type PressingSearch } from '../api';
import type { Track } from '../../../../common/album-details.schemas';
import {
  AUTOFILL_FIELDS,
  DETAIL_FIELDS,
  listFields,
  planAutofill,
  type AutofillField,
  type AutofillTarget,
  type AutofillValues,
  type DetailField,
} from '../autofill-rules';
import { PressingsDialog } from './pressings-dialog';

// The camera and its decoder (ZXing) are their own chunk: fetched only when the user asks to scan.
const BarcodeScannerDialog = lazy(() => import('./barcode-scanner-dialog'));

export const NEEDS_TITLE_AND_ARTIST = 'Please enter both title and artist before looking up pressings, or use the barcode.';

/**
 * The album form as autofill uses it: react-hook-form's own methods, narrowed to the fields a pressing
 * fills, so this feature needs nothing of the albums feature that embeds it.
 */
export interface AutofillForm {
  getValues(): AutofillValues;
  setValue(field: AutofillField | 'coverUrl', value: string, options?: SetOptions): void;
  formState: { dirtyFields: Readonly<Record<string, unknown>>; isSubmitted: boolean };
}
type SetOptions = { shouldDirty?: boolean; shouldValidate?: boolean };

/**
 * Sets a detail field or the tracklist. The form's type names them only once its "Pressing & details"
 * section holds them; planAutofill fills only fields getValues() answered, so the name is the form's.
 */
const setDetail = (form: AutofillForm, field: DetailField | 'tracklist', value: string | Track[], options: SetOptions) =>
  (form.setValue as (field: string, value: unknown, options?: SetOptions) => void)(field, value, options);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Metadata autofill and barcode add (docs/product/releases.md#autofill), at the top of the album
 * form: find the pressing by the typed title and artist or by the sleeve's barcode (typed or
 * scanned), choose it, and the form's title, artist, label, year, country, genre and cover are filled
 * in, and the copy's details where the form holds them (see autofill-rules.ts for what is kept). Nothing is saved until Save Album.
 */
export function MetadataAutofill({ form, editing }: { form: AutofillForm; editing: boolean }) {
  const [search, setSearch] = useState<PressingSearch | null>(null);
  const [needsBoth, setNeedsBoth] = useState(false);
  const [barcode, setBarcode] = useState('');
  const [barcodeError, setBarcodeError] = useState<string | undefined>();
  const [noMatch, setNoMatch] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [scannerWanted, setScannerWanted] = useState(false);
  const needsBothId = useId();

  /** Whether a field holds the user's own value: typed on this page, or saved with the album. */
  const entered = (field: AutofillTarget) => {
    const values = form.getValues();
    if (field === 'coverUrl') return values.coverUrl !== null;
    if (field === 'tracklist')
      return (values.tracklist?.length ?? 0) > 0 && (editing || Boolean(form.formState.dirtyFields[field]));
    return Boolean(values[field]) && (editing || Boolean(form.formState.dirtyFields[field]));
  };
  const hasEnteredDetails = () =>
    [...AUTOFILL_FIELDS, ...DETAIL_FIELDS, 'tracklist' as const, 'coverUrl' as const].some(
      (field) => field !== 'title' && field !== 'artist' && entered(field),
    );

  function findByTitle() {
    const { title, artist } = form.getValues();
    if (!title.trim() || !artist.trim()) {
      setNeedsBoth(true);
      return;
    }
    setNeedsBoth(false);
    setSearch({ kind: 'title', title, artist });
  }

  const findByBarcode = useCallback((typed: string) => {
    const checked = checkBarcode(typed);
    if (!checked.ok) {
      setBarcodeError(checked.message);
      return;
    }
    setBarcodeError(undefined);
    setNoMatch(null);
    setSearch({ kind: 'barcode', barcode: checked.barcode });
  }, []);

  const onScanned = useCallback(
    (code: string) => {
      setScanning(false);
      setBarcode(code);
      findByBarcode(code);
    },
    [findByBarcode],
  );

  async function fill(listed: Pressing, replace: boolean) {
    // The lookup adds MusicBrainz's genres; the listed pressing is still good when it fails.
    const pressing = await lookupPressing(listed.releaseId).catch(() => listed);
    const plan = planAutofill(form.getValues(), pressing, entered, replace);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    for (const field of AUTOFILL_FIELDS) if (plan.set[field] !== undefined) form.setValue(field, plan.set[field], options);
    for (const field of DETAIL_FIELDS) if (plan.set[field] !== undefined) setDetail(form, field, plan.set[field], options);
    if (plan.tracklist) setDetail(form, 'tracklist', plan.tracklist, options);
    const filled: AutofillTarget[] = [
      ...AUTOFILL_FIELDS.filter((field) => field in plan.set),
      ...DETAIL_FIELDS.filter((field) => field in plan.set),
      ...(plan.tracklist ? (['tracklist'] as const) : []),
    ];
    if (plan.importCover && pressing.coverUrl) {
      try {
        // The existing import path: the server fetches, checks and stores the image like a chosen cover.
        const { url } = await importCoverArt(pressing.coverUrl);
        form.setValue('coverUrl', url, { shouldDirty: true });
        filled.push('coverUrl');
      } catch (error) {
        errorToast(`The cover could not be saved: ${coverErrorText(error)}`);
      }
    }
    setNoMatch(null);
    const from = [pressing.year, pressing.country].filter(Boolean).join(' ');
    const sentences = [
      filled.length > 0
        ? `${capitalised(listFields(filled))} from the ${from ? `${from} ` : ''}pressing.`
        : 'The form already held everything this pressing knows.',
      plan.kept.length > 0 ? `Kept your ${listFields(plan.kept)}.` : '',
    ];
    toast({ title: 'Filled in from MusicBrainz', description: sentences.filter(Boolean).join(' '), variant: 'success' });
  }

  const onBarcodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter looks the code up; it must not submit the album form around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    findByBarcode(barcode);
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button variant="secondary" onClick={findByTitle} aria-describedby={needsBoth ? needsBothId : undefined}>
            <Search aria-hidden />
            Find pressings
          </Button>
          <p className="text-xs text-ink-muted">By the title and artist typed below.</p>
        </div>
        {needsBoth && (
          <p id={needsBothId} role="alert" className="text-sm text-danger">
            {NEEDS_TITLE_AND_ARTIST}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <div className="flex flex-wrap items-end gap-2">
          <FormField
            id="album-barcode"
            label="Barcode"
            hint="The EAN or UPC under the bars on the back of the sleeve."
            error={barcodeError}
            className="min-w-0 flex-1 basis-56"
          >
            {(aria) => (
              <Input
                {...aria}
                value={barcode}
                onChange={(event) => {
                  setBarcode(event.target.value);
                  if (barcodeError) setBarcodeError(undefined);
                }}
                onKeyDown={onBarcodeKeyDown}
                inputMode="numeric"
                autoComplete="off"
                enterKeyHint="search"
                placeholder={`e.g. ${BARCODE_EXAMPLE}`}
                className="tabular-nums"
              />
            )}
          </FormField>
          {/* Lined up with the input (the hint and error sit under it). */}
          <div className="flex gap-2 self-start pt-[1.625rem]">
            <Button variant="secondary" onClick={() => findByBarcode(barcode)}>
              <ScanBarcode aria-hidden />
              Look up
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setScannerWanted(true);
                setScanning(true);
              }}
            >
              <Camera aria-hidden />
              Scan
            </Button>
          </div>
        </div>
        {noMatch && (
          <p role="status" className="rounded-xl border border-dashed border-line bg-paper p-3 text-sm">
            No pressing on MusicBrainz has the barcode <span className="font-medium tabular-nums">{noMatch}</span>. Fill in the
            details below; the barcode stays noted here.
          </p>
        )}
      </div>

      <PressingsDialog
        search={search}
        onOpenChange={(open) => !open && setSearch(null)}
        hasEnteredDetails={search !== null && hasEnteredDetails()}
        onChoose={fill}
        onNoMatch={(done) => done.kind === 'barcode' && setNoMatch(done.barcode)}
      />
      {scannerWanted && (
        <Suspense fallback={null}>
          <BarcodeScannerDialog open={scanning} onOpenChange={setScanning} onDetected={onScanned} />
        </Suspense>
      )}
    </div>
  );
}
