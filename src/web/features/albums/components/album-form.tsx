import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { latestReleaseYear, type Album, type AlbumInput } from '../../../../common/albums.schemas';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { errorToast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { CoverArtPicker } from '../../cover-art/components/cover-art-picker';
import { MetadataAutofill } from '../../releases/components/metadata-autofill';
import {
  albumFormSchema,
  DETAIL_FIELD_NAMES,
  hasAlbumDetails,
  isDuplicateAlbumError,
  type AlbumFormApi,
  type AlbumFormValues,
} from '../album-form-values';
import { useDeleteAlbum, useSaveAlbum, type AlbumSave } from '../api';
import { DetailFields, IdentityFields, PurchaseFields } from './album-form-fields';
import { DuplicateAlbumDialog } from './duplicate-album-dialog';
import { LendingFields } from './lending-fields';
import { PressingDetailsSection } from './pressing-details-section';
import { WishMatchNotice } from './wish-match-notice';
import { StickyActionsBar } from '../../../components/sticky-actions-bar';

const FIELD_NAMES: readonly (keyof AlbumFormValues)[] = [
  'title',
  'artist',
  'collection',
  'purchaseLocation',
  'purchaseDate',
  'price',
  'genre',
  'label',
  'releaseYear',
  'country',
  'mediaCondition',
  'sleeveCondition',
  'isLent',
  'lentTo',
  'lentDate',
  'coverUrl',
  ...DETAIL_FIELD_NAMES,
];

/** The body without notes and tracklist: undefined keys are left out of the JSON, so PUT keeps the stored ones. */
const withoutNotesAndTracklist = (body: AlbumSave): AlbumSave => ({ ...body, notes: undefined, tracklist: undefined });

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id={id} className="text-base font-semibold tracking-tight">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The cover section: the picker searches with whatever title and artist are typed right now. */
function CoverSection({ form, albumId }: { form: AlbumFormApi; albumId?: number }) {
  const [title, artist, coverUrl] = useWatch({ control: form.control, name: ['title', 'artist', 'coverUrl'] });
  return (
    <CoverArtPicker
      title={title}
      artist={artist}
      albumId={albumId}
      value={coverUrl}
      onChange={(next) => form.setValue('coverUrl', next, { shouldDirty: true })}
    />
  );
}

export interface AlbumFormProps {
  /** Absent for a new album. */
  album?: Album;
  defaultValues: AlbumFormValues;
  /** The album is the offline shelf's copy: its notes and tracklist are unknown, so a save leaves them out. */
  notesOffline?: boolean;
  collections: readonly string[];
  onSaved: (album: Album, added: boolean) => void;
  onDeleted: (album: Album) => void;
  onCancel: () => void;
}

/**
 * The album form (docs/product/albums.md#form): every field in the product's order,
 * checked by the shared schema (the server's own), so its messages appear under their
 * fields. A new album refused as a duplicate (docs/product/albums.md#duplicates) opens
 * the Duplicate Album dialog; Add Anyway sends the same album with allowDuplicate.
 */
export function AlbumForm({
  album,
  defaultValues,
  notesOffline = false,
  collections,
  onSaved,
  onDeleted,
  onCancel,
}: AlbumFormProps) {
  const form = useForm<AlbumFormValues, unknown, AlbumInput>({ resolver: zodResolver(albumFormSchema), defaultValues });
  const { errors } = form.formState;
  const save = useSaveAlbum();
  const remove = useDeleteAlbum();
  const [duplicate, setDuplicate] = useState<{ album: AlbumSave; message: string } | null>(null);
  const [duplicateOpen, setDuplicateOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [latestYear] = useState(() => latestReleaseYear());
  // Kept as the form started: fresher data arriving later does not refill the fields typed from the copy.
  const [withoutNotes] = useState(notesOffline);
  const leaving = useLeaveGuard(form.formState.isDirty);
  const wishToFulfilRef = useRef<number | null>(null);

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      // A track's field comes as a path ("tracklist.3.title"); its first part names the form's field.
      if ((FIELD_NAMES as readonly string[]).includes(field.split('.')[0]!))
        form.setError(field as keyof AlbumFormValues, { type: 'server', message });
    }
  };

  const send = async (typed: AlbumSave) => {
    // PUT keeps an absent detail as stored (docs/product/albums.md#pressing--details): unknown notes are never sent empty.
    const body = withoutNotes ? withoutNotesAndTracklist(typed) : typed;
    try {
      const saved = await save.mutateAsync({ id: album?.id, album: body });
      setDuplicateOpen(false);
      onSaved(saved, album === undefined);
    } catch (error) {
      if (album === undefined && !body.allowDuplicate && isDuplicateAlbumError(error)) {
        setDuplicate({ album: body, message: (error as ApiError).serverMessage ?? '' });
        setDuplicateOpen(true);
        return;
      }
      setDuplicateOpen(false);
      showServerErrors(error);
      errorToast(errorMessage(error));
    }
  };

  const onDelete = async () => {
    if (!album) return;
    try {
      await remove.mutateAsync(album.id);
      setDeleteOpen(false);
      onDeleted(album);
    } catch (error) {
      setDeleteOpen(false);
      errorToast(errorMessage(error));
    }
  };

  return (
    <>
      <form
        noValidate
        aria-label={album ? 'Edit album' : 'Add album'}
        className="grid gap-6"
        onSubmit={(event) =>
          void form.handleSubmit((body) => send(wishToFulfilRef.current && !album ? { ...body, fulfilsWishId: wishToFulfilRef.current } : body))(event)
        }
      >
        <Section
          title="Fill in from MusicBrainz"
          description="Find your pressing by title and artist or by its barcode: label, year, country, genre and cover are filled in for you."
        >
          <MetadataAutofill form={form} editing={album !== undefined} />
        </Section>
        <Section title="Album" description="Title, artist and collection are required.">
          <IdentityFields
            control={form.control}
            register={form.register}
            errors={errors}
            collections={collections}
            focusTitle={!album}
          />
          {!album && <WishMatchNotice control={form.control} wishToFulfilRef={wishToFulfilRef} />}
        </Section>
        <Section title="Purchase">
          <PurchaseFields register={form.register} errors={errors} />
        </Section>
        <Section title="Details">
          <DetailFields control={form.control} register={form.register} errors={errors} latestYear={latestYear} />
        </Section>
        {/* A new album holds details only when prefilled (docs/product/record-check.md#page): shown, not hidden. */}
        <PressingDetailsSection form={form} initiallyOpen={hasAlbumDetails(defaultValues)} notesOffline={withoutNotes} />
        <Section title="Lending" description="Keep track of who has your records.">
          <LendingFields form={form} />
        </Section>
        <Section title="Cover art" description="Search by title and artist, upload a photo, or paste an image address.">
          <CoverSection form={form} albumId={album?.id} />
        </Section>

        <StickyActionsBar className="flex items-center gap-2">
          {album && (
            <Button variant="ghost" className="text-danger hover:bg-danger/10" onClick={() => setDeleteOpen(true)}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          )}
          <div className="ml-auto flex gap-2">
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending && !duplicateOpen}>
              {!(save.isPending && !duplicateOpen) && <Save aria-hidden />}
              Save Album
            </Button>
          </div>
        </StickyActionsBar>
      </form>

      <DuplicateAlbumDialog
        open={duplicateOpen}
        onOpenChange={setDuplicateOpen}
        message={duplicate?.message ?? ''}
        loading={save.isPending}
        onAddAnyway={() => {
          if (duplicate) void send({ ...duplicate.album, allowDuplicate: true });
        }}
      />
      <ConfirmDialog
        open={leaving.asking}
        onOpenChange={(open) => {
          if (!open) leaving.stay();
        }}
        title="Discard your changes?"
        description={album ? `Your changes to “${album.title}” have not been saved.` : 'This album has not been saved yet.'}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={leaving.leave}
      />
      {album && (
        <ConfirmDialog
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          title={`Delete “${album.title}”?`}
          description={`The album will be removed from “${album.collection}”. This cannot be undone.`}
          confirmLabel="Delete album"
          destructive
          loading={remove.isPending}
          onConfirm={() => void onDelete()}
        />
      )}
    </>
  );
}
