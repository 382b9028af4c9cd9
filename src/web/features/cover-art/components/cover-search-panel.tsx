import { useMutation } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight, Search, SearchX } from 'lucide-react';
import { useId, useState } from 'react';
import { COVER_SEARCH_NEEDS_BOTH } from '../../../../common/cover-art.schemas';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { errorToast, toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { coverErrorText, importCoverArt, searchCoverArt } from '../api';
import { NO_RESULTS_TEXT, NO_RESULTS_TITLE, pageOf, RESULTS_PER_PAGE } from '../cover-art-rules';
import { CoverImage } from './cover-image';

interface CoverSearchPanelProps {
  title: string;
  artist: string;
  value: string | null;
  onChange: (coverUrl: string | null) => void;
}

interface Searched {
  title: string;
  artist: string;
  urls: string[];
}

/**
 * Search mode (docs/product/cover-art.md#picker): results paged with Previous and Next; a chosen result is
 * stored by the server first.
 */
export function CoverSearchPanel({ title, artist, value, onChange }: CoverSearchPanelProps) {
  const [askedWithoutBoth, setAskedWithoutBoth] = useState(false);
  const [searched, setSearched] = useState<Searched | null>(null);
  const [page, setPage] = useState(0);
  const [importing, setImporting] = useState<string | null>(null);
  // Which remote result the current value came from, so its tile shows as chosen.
  const [chosen, setChosen] = useState<{ remote: string; stored: string } | null>(null);
  const messageId = useId();

  const search = useMutation({ mutationFn: searchCoverArt });
  const importCover = useMutation({ mutationFn: importCoverArt });

  const hasBoth = Boolean(title.trim() && artist.trim());
  // The message goes away by itself once both fields are filled in.
  const showNeedsBoth = askedWithoutBoth && !hasBoth;

  function runSearch() {
    if (!hasBoth) {
      setAskedWithoutBoth(true);
      return;
    }
    setAskedWithoutBoth(false);
    const term = { title: title.trim(), artist: artist.trim() };
    search.mutate(term, {
      onSuccess: (urls) => {
        setSearched({ ...term, urls });
        setPage(0);
        if (urls.length === 0) toast({ title: NO_RESULTS_TITLE, description: NO_RESULTS_TEXT });
      },
      onError: (error) => errorToast(coverErrorText(error)),
    });
  }

  function choose(remote: string) {
    if (importing) return;
    setImporting(remote);
    importCover.mutate(remote, {
      onSuccess: ({ url }) => {
        setChosen({ remote, stored: url });
        onChange(url);
      },
      onError: (error) => errorToast(coverErrorText(error)),
      onSettled: () => setImporting(null),
    });
  }

  const shown = searched ? pageOf(searched.urls, page) : null;
  const total = searched?.urls.length ?? 0;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          variant="secondary"
          onClick={runSearch}
          loading={search.isPending}
          aria-describedby={showNeedsBoth ? messageId : undefined}
        >
          {!search.isPending && <Search aria-hidden />}
          Search Cover Art
        </Button>
        <p className="text-xs text-ink-muted">
          {hasBoth ? 'Front covers from MusicBrainz for this title and artist.' : 'Enter the title and artist, then search.'}
        </p>
      </div>

      {showNeedsBoth && (
        <p id={messageId} role="alert" className="text-sm text-danger">
          {COVER_SEARCH_NEEDS_BOTH}
        </p>
      )}

      {search.isPending && (
        <div role="status" aria-label="Searching for cover art" className="grid grid-cols-3 gap-2 sm:gap-3">
          {Array.from({ length: RESULTS_PER_PAGE }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-lg" />
          ))}
        </div>
      )}

      {!search.isPending && searched && total === 0 && (
        <div className="flex items-start gap-3 rounded-xl border border-dashed border-line bg-surface p-4 text-sm">
          <SearchX aria-hidden className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <div className="grid gap-0.5">
            <p className="font-medium">{NO_RESULTS_TEXT}</p>
            <p className="text-ink-muted">
              Nothing for “{searched.title}” by {searched.artist}. Try Upload or Manual URL.
            </p>
          </div>
        </div>
      )}

      {!search.isPending && searched && shown && total > 0 && (
        <div className="grid gap-3">
          <p className="text-xs text-ink-muted" aria-live="polite">
            {total === 1 ? '1 cover' : `${total} covers`} for “{searched.title}” by {searched.artist}. Choose one to use it.
          </p>
          <ul className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Cover art results">
            {shown.items.map((remote, i) => {
              const position = shown.page * RESULTS_PER_PAGE + i + 1;
              const isChosen = chosen?.remote === remote && chosen.stored === value;
              const isImporting = importing === remote;
              return (
                <li key={remote}>
                  <button
                    type="button"
                    onClick={() => choose(remote)}
                    aria-pressed={isChosen}
                    aria-busy={isImporting || undefined}
                    aria-disabled={(importing !== null && !isImporting) || undefined}
                    className={cn(
                      'group relative block w-full overflow-hidden rounded-lg border border-line bg-muted',
                      'transition-[box-shadow,opacity] duration-150 hover:ring-2 hover:ring-accent/50',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                      isChosen && 'ring-2 ring-accent ring-offset-2 ring-offset-surface hover:ring-accent',
                      importing !== null && !isImporting && 'opacity-60',
                    )}
                  >
                    <CoverImage coverUrl={remote} alt={`Cover option ${position} of ${total}`} size="full" />
                    {isImporting && (
                      <span className="absolute inset-0 grid place-items-center bg-ink/45">
                        <Spinner className="size-7 text-paper" label="Saving this cover" />
                      </span>
                    )}
                    {isChosen && (
                      <span className="absolute right-1.5 top-1.5 grid size-6 place-items-center rounded-full bg-accent text-accent-ink shadow-sm">
                        <Check aria-hidden className="size-4" strokeWidth={3} />
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {shown.pages > 1 && (
            <nav aria-label="Cover art result pages" className="flex items-center justify-between gap-2">
              <Button variant="ghost" size="sm" onClick={() => setPage(shown.page - 1)} disabled={shown.page === 0}>
                <ChevronLeft aria-hidden />
                Previous
              </Button>
              <p className="text-sm tabular-nums text-ink-muted" aria-live="polite">
                Page {shown.page + 1} of {shown.pages}
              </p>
              <Button variant="ghost" size="sm" onClick={() => setPage(shown.page + 1)} disabled={shown.page === shown.pages - 1}>
                Next
                <ChevronRight aria-hidden />
              </Button>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}
