import { AlarmClock, HandHelping } from 'lucide-react';
import { memo } from 'react';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import { CoverImage } from '../../cover-art/components/cover-image';
import { lentForText, loanState } from '../../../../common/loans';
import { conditionCode } from '../album-view';
import { ALBUM_FORMAT_NAMES } from '../../../../common/album-formats';

/** The card's text block has a fixed height so every grid row is the same height (the grid is virtualised). */
export const ALBUM_CARD_INFO_HEIGHT = 96;

/** Year and media / sleeve conditions ("1959 · VG+ / VG"), after the collection when the card names it. */
function details(album: AlbumListItem, showCollection: boolean): string {
  const media = conditionCode(album.mediaCondition);
  const sleeve = conditionCode(album.sleeveCondition);
  const conditions = media || sleeve ? `${media ?? '–'} / ${sleeve ?? '–'}` : null;
  return [showCollection ? album.collection : null, album.releaseYear, conditions].filter((part) => part !== null).join(' · ');
}

/** The compact list's pressing line: format and catalogue number ("2LP · VERH 61"), either may be missing. */
function pressing(album: AlbumListItem): string {
  return [album.format === null ? null : ALBUM_FORMAT_NAMES[album.format], album.catalogNumber].filter((part) => part !== null && part !== '').join(' · ');
}

export interface AlbumCardProps {
  album: AlbumListItem;
  /** Loads the cover at once: the first row is the page's largest paint. */
  priority: boolean;
  /**
   * Loan reminders (docs/product/loans.md#badges), as plain values so the memo holds: the user's days and the
   * server's loan day.
   */
  reminderDays: number;
  today: string;
  /** Names the album's collection first on its details line (All albums, docs/product/collections.md#all-albums). */
  showCollection?: boolean;
}

/** The lent badge: who has it; once lent longer than the reminder's days, how long, in the danger colour. */
function LentBadge({ album, reminderDays, today }: Pick<AlbumCardProps, 'album' | 'reminderDays' | 'today'>) {
  const loan = loanState(album, { days: reminderDays, today });
  if (!loan) return null;
  if (loan.overdue) {
    const lentFor = lentForText(loan.days);
    return (
      <span
        className="mt-1 inline-flex max-w-full items-center gap-1 rounded-full bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger"
        data-testid="overdue-badge"
        title={`Overdue: lent${album.lentTo ? ` to ${album.lentTo}` : ''} on ${album.lentDate ?? ''}, more than ${reminderDays} days ago`}
      >
        <AlarmClock aria-hidden className="size-3 shrink-0" />
        <span className="truncate">
          <span className="sr-only">Overdue: </span>
          {lentFor}
          {album.lentTo && ` · ${album.lentTo}`}
        </span>
      </span>
    );
  }
  return (
    <span
      className="mt-1 inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-strong"
      data-testid="lent-badge"
    >
      <HandHelping aria-hidden className="size-3 shrink-0" />
      <span className="truncate">{album.lentTo ? `Lent to ${album.lentTo}` : 'Lent'}</span>
    </span>
  );
}

/**
 * One album of the grid: cover, title, artist, year, media / sleeve condition and, when lent, to
 * whom (or, when overdue, for how long: "Lent 45 days · Sam"). The whole card is a link to the album form (keyboard: Tab to it, Enter to open).
 * A plain anchor: the grid opens it in the app (AlbumGrid's one click handler), so a card mounts with
 * no router subscription of its own. Memoised: typing in a filter re-renders the grid's rows, not every card.
 */
export const AlbumCard = memo(function AlbumCard({ album, priority, reminderDays, today, showCollection = false }: AlbumCardProps) {
  const meta = details(album, showCollection);
  const conditionTitle =
    album.mediaCondition || album.sleeveCondition
      ? `Media: ${album.mediaCondition ?? 'not graded'}. Sleeve: ${album.sleeveCondition ?? 'not graded'}.`
      : undefined;
  return (
    <a href={`/album/${album.id}`} data-testid="album-card" className="group block min-w-0 rounded-xl outline-offset-4">
      <div className="overflow-hidden rounded-xl border border-line bg-muted shadow-xs transition-[box-shadow,transform] duration-150 group-hover:shadow-md motion-safe:group-hover:-translate-y-0.5">
        {/* The title and artist follow as text; the cover adds nothing a screen reader could say. */}
        {/* Its own element per cover: a card updated in place for another album must not show the old cover until the new one loads. */}
        {/* Albums without a cover share the placeholder, which a card then keeps (nothing removed and made again at a letter). */}
        <CoverImage key={album.coverUrl ?? ''} coverUrl={album.coverUrl} alt="" priority={priority} />
      </div>
      <div className="overflow-hidden pt-2.5" style={{ height: ALBUM_CARD_INFO_HEIGHT }}>
        <h2 className="truncate text-sm leading-5 font-medium group-hover:text-accent" title={album.title}>
          {album.title}
        </h2>
        <p className="truncate text-sm leading-5 text-ink-muted" title={album.artist}>
          {album.artist}
        </p>
        {meta && (
          <p className="truncate text-xs leading-5 text-ink-muted tabular-nums" title={conditionTitle} data-testid="album-details">
            {showCollection && <span className="sr-only">In </span>}
            {meta}
          </p>
        )}
        <LentBadge album={album} reminderDays={reminderDays} today={today} />
      </div>
    </a>
  );
});

/** A compact list row's height (cover and text); rows are virtualised like the grid's, so it is fixed. */
export const ALBUM_ROW_HEIGHT = 64;

/**
 * One album of the compact list (docs/product/collections.md#views): a small cover, then title,
 * artist and the pressing (format and catalogue number) on the left; year and conditions (after the
 * collection in All albums) and the lent badge on the right. A link to the album form, like the card.
 */
export const AlbumRow = memo(function AlbumRow({ album, priority, reminderDays, today, showCollection = false }: AlbumCardProps) {
  const meta = details(album, showCollection);
  const pressed = pressing(album);
  return (
    <a
      href={`/album/${album.id}`}
      data-testid="album-row"
      className="group flex h-full min-w-0 items-center gap-3 rounded-lg border border-line bg-surface px-2 outline-offset-2 hover:bg-muted"
    >
      <div className="size-12 shrink-0 overflow-hidden rounded-md border border-line bg-muted">
        <CoverImage key={album.coverUrl ?? ''} coverUrl={album.coverUrl} alt="" priority={priority} />
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-sm leading-5 font-medium group-hover:text-accent" title={album.title}>
          {album.title}
        </h2>
        <p className="truncate text-sm leading-5 text-ink-muted" title={album.artist}>
          {album.artist}
        </p>
        {pressed && (
          <p className="truncate text-xs leading-4 text-ink-muted" data-testid="album-pressing" title={pressed}>
            {pressed}
          </p>
        )}
      </div>
      <div className="flex max-w-[45%] shrink-0 flex-col items-end text-right">
        {meta && (
          <p className="max-w-full truncate text-xs leading-5 text-ink-muted tabular-nums" data-testid="album-details" title={meta}>
            {showCollection && <span className="sr-only">In </span>}
            {meta}
          </p>
        )}
        <LentBadge album={album} reminderDays={reminderDays} today={today} />
      </div>
    </a>
  );
});
