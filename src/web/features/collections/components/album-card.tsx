import { HandHelping } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'wouter';
import type { Album } from '../../../../common/albums.schemas';
import { CoverImage } from '../../cover-art/components/cover-image';
import { conditionCode } from '../album-view';

/** The card's text block has a fixed height so every grid row is the same height (the grid is virtualised). */
export const ALBUM_CARD_INFO_HEIGHT = 96;

function details(album: Album): string {
  const media = conditionCode(album.mediaCondition);
  const sleeve = conditionCode(album.sleeveCondition);
  const conditions = media || sleeve ? `${media ?? '–'} / ${sleeve ?? '–'}` : null;
  return [album.releaseYear, conditions].filter((part) => part !== null).join(' · ');
}

export interface AlbumCardProps {
  album: Album;
  /** Loads the cover at once: the first row is the page's largest paint. */
  priority: boolean;
}

/**
 * One album of the grid: cover, title, artist, year, media / sleeve condition and, when lent, to
 * whom. The whole card is a link to the album form (keyboard: Tab to it, Enter to open).
 * Memoised: typing in a filter re-renders the grid's rows, not every card.
 */
export const AlbumCard = memo(function AlbumCard({ album, priority }: AlbumCardProps) {
  const meta = details(album);
  const conditionTitle =
    album.mediaCondition || album.sleeveCondition ? `Media: ${album.mediaCondition ?? 'not graded'}. Sleeve: ${album.sleeveCondition ?? 'not graded'}.` : undefined;
  return (
    <Link
      href={`/album/${album.id}`}
      data-testid="album-card"
      className="group block min-w-0 rounded-xl outline-offset-4"
    >
      <div className="overflow-hidden rounded-xl border border-line bg-muted shadow-xs transition-[box-shadow,transform] duration-150 group-hover:shadow-md motion-safe:group-hover:-translate-y-0.5">
        {/* The title and artist follow as text; the cover adds nothing a screen reader could say. */}
        <CoverImage coverUrl={album.coverUrl} alt="" priority={priority} />
      </div>
      <div className="overflow-hidden pt-2.5" style={{ height: ALBUM_CARD_INFO_HEIGHT }}>
        <h2 className="truncate text-sm leading-5 font-medium group-hover:text-accent" title={album.title}>
          {album.title}
        </h2>
        <p className="truncate text-sm leading-5 text-ink-muted" title={album.artist}>
          {album.artist}
        </p>
        {meta && (
          <p className="truncate text-xs leading-5 text-ink-muted tabular-nums" title={conditionTitle}>
            {meta}
          </p>
        )}
        {album.isLent && (
          <span
            className="mt-1 inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-strong"
            data-testid="lent-badge"
          >
            <HandHelping aria-hidden className="size-3 shrink-0" />
            <span className="truncate">{album.lentTo ? `Lent to ${album.lentTo}` : 'Lent'}</span>
          </span>
        )}
      </div>
    </Link>
  );
});
