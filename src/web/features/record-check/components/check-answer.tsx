import { useQuery } from '@tanstack/react-query';
import { BookmarkPlus, CircleCheck, Heart, Plus, SearchX, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ALBUM_FORMAT_NAMES, type AlbumFormat } from '../../../../common/album-formats';
import type { CheckRequest } from '../../../../common/record-check';
import type { CheckedAlbum, CheckedWish, RecordCheckResult } from '../../../../common/record-check.schemas';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatUsd } from '../../albums/album-view';
import { searchPressings } from '../../releases/api';
import { addAlbumHref, addWishHref, prefillOf, shelfAgeText, type RecordPrefill } from '../check-links';

/** docs/product/wishlist.md#fields: 1 must have, 2 want, 3 maybe. */
const PRIORITY_NAMES: Record<number, string> = { 1: 'Must have', 2: 'Want', 3: 'Maybe' };

const formatName = (format: AlbumFormat | null) => (format ? ALBUM_FORMAT_NAMES[format] : null);
const maxPriceText = (maxPrice: number | null) => (maxPrice === null ? 'No max price' : formatUsd(Math.round(maxPrice * 100)));

/** What was checked, as the collector gave it. */
export const checkedText = (request: CheckRequest) => ('barcode' in request ? request.barcode : request.q);

/** Label and value pairs of one record; a value it lacks is left out. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  const shown = facts.filter(([, value]) => value !== null && value !== '');
  if (!shown.length) return null;
  return (
    <dl className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="min-w-0 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Heading({ icon: Icon, tone, title, children }: { icon: typeof Heart; tone: 'success' | 'accent' | 'muted'; title: string; children?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-full',
          tone === 'success' && 'bg-success/10 text-success',
          tone === 'accent' && 'bg-accent-soft text-accent-strong',
          tone === 'muted' && 'bg-muted text-ink-muted',
        )}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 id="check-answer-title" className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {children && <p className="mt-0.5 text-sm text-ink-muted">{children}</p>}
      </div>
    </div>
  );
}

function Copies({ albums }: { albums: CheckedAlbum[] }) {
  return (
    <ul className="mt-4 grid gap-3" aria-label="Your copies">
      {albums.map((album) => (
        <li key={album.id} className="rounded-xl border border-line bg-paper px-4 py-3">
          <Link href={`/album/${album.id}`} className="font-semibold wrap-anywhere text-accent underline-offset-2 hover:underline">
            {album.title}
          </Link>
          <span className="text-ink-muted"> by {album.artist}</span>
          <Facts
            facts={[
              ['Collection', album.collection],
              ['Format', formatName(album.format)],
              ['Pressing', album.pressing],
              ['Location', album.location],
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

function Wishes({ wishes, label }: { wishes: CheckedWish[]; label: string }) {
  return (
    <ul className="mt-4 grid gap-3" aria-label={label}>
      {wishes.map((wish) => (
        <li key={wish.id} className="rounded-xl border border-line bg-paper px-4 py-3">
          <span className="font-semibold wrap-anywhere">{wish.title}</span>
          <span className="text-ink-muted"> by {wish.artist}</span>
          <Facts
            facts={[
              ['Priority', PRIORITY_NAMES[wish.priority] ?? String(wish.priority)],
              ['Max price', <span className="tabular-nums">{maxPriceText(wish.maxPrice)}</span>],
              ['Format', formatName(wish.format)],
              ['Pressing', wish.pressing],
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Not in your collection: Add to collection and Add to wish list, prefilled. Online, a barcode is also
 * looked up on MusicBrainz and its best pressing fills title, artist, catalogue number and format.
 */
function NotFound({ request, offline }: { request: CheckRequest; offline: boolean }) {
  const barcode = 'barcode' in request ? request.barcode : null;
  const lookup = useQuery({
    queryKey: ['record-check-pressing', barcode],
    queryFn: ({ signal }) => searchPressings({ kind: 'barcode', barcode: barcode ?? '' }, signal),
    enabled: barcode !== null && !offline,
    retry: false,
    staleTime: Infinity,
  });
  const pressing = lookup.data?.[0];
  const prefill: RecordPrefill = {
    ...prefillOf(request),
    ...(pressing ? { title: pressing.title, artist: pressing.artist, catalogNumber: pressing.catalogNumber, format: pressing.albumFormat } : {}),
  };
  return (
    <>
      <Heading icon={SearchX} tone="muted" title="Not in your collection">
        Nothing in your collections or on your wish list matches “<span className="wrap-anywhere">{checkedText(request)}</span>”.
      </Heading>
      {barcode !== null && !offline && (
        <p className="mt-3 text-sm text-ink-muted" aria-live="polite" data-testid="check-musicbrainz">
          {lookup.isPending ? 'Looking the barcode up on MusicBrainz…' : pressing ? (
            <>
              On MusicBrainz: <span className="font-medium text-ink">{pressing.title}</span> by{' '}
              <span className="font-medium text-ink">{pressing.artist}</span>
            </>
          ) : null}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button asChild>
          <Link href={addAlbumHref(prefill)}>
            <Plus aria-hidden />
            Add to collection
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link href={addWishHref(prefill)}>
            <BookmarkPlus aria-hidden />
            Add to wish list
          </Link>
        </Button>
      </div>
    </>
  );
}

export interface CheckAnswerProps {
  request: CheckRequest;
  result: RecordCheckResult;
  /** Answered from the kept copy of this time (ms): offline. */
  keptAt: number | null;
  now: number;
}

/** One answer at once (docs/product/record-check.md#page): owned, else wished, else not found. */
export function CheckAnswer({ request, result, keptAt, now }: CheckAnswerProps) {
  const { albums, wishes, more } = result;
  let body: ReactNode;
  if (albums.length) {
    body = (
      <>
        <Heading icon={CircleCheck} tone="success" title="In your collection">
          {albums.length === 1 ? 'You have 1 copy.' : `You have ${more ? 'more than ' : ''}${albums.length} copies.`}
        </Heading>
        <Copies albums={albums} />
        {wishes.length > 0 && (
          <div className="mt-5 border-t border-line pt-4">
            <h3 className="flex items-center gap-2 font-semibold">
              <Heart aria-hidden className="size-4 text-accent" />
              Also on your wish list
            </h3>
            <Wishes wishes={wishes} label="Your wishes" />
          </div>
        )}
      </>
    );
  } else if (wishes.length) {
    body = (
      <>
        <Heading icon={Heart} tone="accent" title="On your wish list">
          You want it, and do not own it yet.
        </Heading>
        <Wishes wishes={wishes} label="Your wishes" />
      </>
    );
  } else {
    body = <NotFound request={request} offline={keptAt !== null} />;
  }
  return (
    <section aria-labelledby="check-answer-title" className="rounded-2xl border border-line bg-surface p-5 sm:p-6" data-testid="check-answer">
      {body}
      {more && <p className="mt-4 text-sm text-ink-muted">More records match: type more of the title to narrow it down.</p>}
      {keptAt !== null && (
        <p className="mt-5 flex items-center gap-2 border-t border-line pt-4 text-sm text-ink-muted" data-testid="check-shelf-age">
          <WifiOff aria-hidden className="size-4 shrink-0 text-warning" />
          {shelfAgeText(keptAt, now)}
        </p>
      )}
    </section>
  );
}
