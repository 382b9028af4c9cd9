import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { OwnedCopy, Wish, WishInput } from '../../../../common/wishlist.schemas';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { errorToast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { CoverArtPicker } from '../../cover-art/components/cover-art-picker';
import { MetadataAutofill, type AutofillForm } from '../../releases/components/metadata-autofill';
import { ownedCopiesOf, useDeleteWish, useSaveWish, type WishSave } from '../api';
import { WISH_FIELD_NAMES, wishFormSchema, type WishFormApi, type WishFormValues } from '../wish-form-values';
import { OwnedNotice } from './owned-notice';
import { WishIdentityFields, WishPressingFields } from './wish-form-fields';
import { StickyActionsBar } from '../../../components/sticky-actions-bar';

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

/** The cover picker searches with whatever title and artist are typed right now. */
function CoverSection({ form }: { form: WishFormApi }) {
  const [title, artist, coverUrl] = useWatch({ control: form.control, name: ['title', 'artist', 'coverUrl'] });
  return (
    <CoverArtPicker title={title} artist={artist} value={coverUrl} onChange={(next) => form.setValue('coverUrl', next, { shouldDirty: true })} />
  );
}

/**
 * The wish form as autofill sees it: autofill fills only the fields the form answers (a wish has no
 * genre, label, year or country), so the names it sets are always the wish form's own.
 */
function useAutofillView(form: WishFormApi): AutofillForm {
  return useMemo(
    () => ({
      getValues: () => form.getValues(),
      setValue: (field, value, options) => form.setValue(field as keyof WishFormValues, value, options),
      get formState() {
        return form.formState;
      },
    }),
    [form],
  );
}

export interface WishFormProps {
  /** Absent for a new wish. */
  wish?: Wish;
  defaultValues: WishFormValues;
  onSaved: (wish: Wish, added: boolean) => void;
  onDeleted: (wish: Wish) => void;
  onCancel: () => void;
}

/**
 * The wish form (docs/product/wishlist.md#form), built from the album form's pieces: MusicBrainz autofill
 * and barcode fill, the cover picker, the shared schema's messages under their fields. A new wish the
 * collector already owns shows "You own this album" with the copies and Add Anyway.
 */
export function WishForm({ wish, defaultValues, onSaved, onDeleted, onCancel }: WishFormProps) {
  const form = useForm<WishFormValues, unknown, WishInput>({ resolver: zodResolver(wishFormSchema), defaultValues });
  const { errors } = form.formState;
  const save = useSaveWish();
  const remove = useDeleteWish();
  const autofill = useAutofillView(form);
  const [owned, setOwned] = useState<{ wish: WishSave; message: string; owned: OwnedCopy[] } | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const leaving = useLeaveGuard(form.formState.isDirty);

  const send = async (body: WishSave) => {
    try {
      const saved = await save.mutateAsync({ id: wish?.id, wish: body });
      setOwned(null);
      onSaved(saved, wish === undefined);
    } catch (error) {
      const conflict = wish === undefined && !body.allowOwned ? ownedCopiesOf(error) : null;
      if (conflict) {
        setOwned({ wish: body, ...conflict });
        return;
      }
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors))
          if ((WISH_FIELD_NAMES as readonly string[]).includes(field)) form.setError(field as keyof WishFormValues, { type: 'server', message });
      }
      // The free tier's refusal (402) and any other failure: the server's own words.
      errorToast(errorMessage(error));
    }
  };

  const onDelete = async () => {
    if (!wish) return;
    try {
      await remove.mutateAsync(wish.id);
      setDeleteOpen(false);
      onDeleted(wish);
    } catch (error) {
      setDeleteOpen(false);
      errorToast(errorMessage(error));
    }
  };

  return (
    <>
      <form
        noValidate
        aria-label={wish ? 'Edit wish' : 'Add to wish list'}
        className="grid gap-6"
        onSubmit={(event) =>
          void form.handleSubmit((body) => {
            // A changed wish is checked again: the notice belonged to what was sent before.
            setOwned(null);
            return send(body);
          })(event)
        }
      >
        <Section
          title="Fill in from MusicBrainz"
          description="Find the pressing you want by title and artist or by its barcode: format, catalogue number, barcode and cover are filled in for you."
        >
          <MetadataAutofill form={autofill} editing={wish !== undefined} />
        </Section>
        <Section title="Wish" description="Title and artist are required.">
          <WishIdentityFields form={form} errors={errors} focusTitle={!wish && !defaultValues.title} />
        </Section>
        <Section title="Pressing & notes" description="The copy you are hunting for, and your own notes.">
          <WishPressingFields form={form} errors={errors} />
        </Section>
        <Section title="Cover art" description="Search by title and artist, upload a photo, or paste an image address.">
          <CoverSection form={form} />
        </Section>

        {owned && (
          <OwnedNotice
            message={owned.message}
            owned={owned.owned}
            loading={save.isPending}
            onAddAnyway={() => void send({ ...owned.wish, allowOwned: true })}
          />
        )}

        <StickyActionsBar className="flex items-center gap-2">
          {wish && (
            <Button variant="ghost" className="text-danger hover:bg-danger/10" onClick={() => setDeleteOpen(true)}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          )}
          <div className="ml-auto flex gap-2">
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending && owned === null}>
              {!(save.isPending && owned === null) && <Save aria-hidden />}
              Save Wish
            </Button>
          </div>
        </StickyActionsBar>
      </form>

      <ConfirmDialog
        open={leaving.asking}
        onOpenChange={(open) => {
          if (!open) leaving.stay();
        }}
        title="Discard your changes?"
        description={wish ? `Your changes to “${wish.title}” have not been saved.` : 'This wish has not been saved yet.'}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={leaving.leave}
      />
      {wish && (
        <ConfirmDialog
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          title={`Delete “${wish.title}”?`}
          description="It will be removed from your wish list. This cannot be undone."
          confirmLabel="Delete wish"
          destructive
          loading={remove.isPending}
          onConfirm={() => void onDelete()}
        />
      )}
    </>
  );
}
