import { ExternalLink } from 'lucide-react';
import { useLocation } from 'wouter';
import { ALBUM_FORMAT_NAMES } from '../../../../common/album-formats';
import type { Album, AlbumListItem } from '../../../../common/albums.schemas';
import { Button } from '../../../components/ui/button';
import { navigateAway } from '../../../lib/leave-guard';
import { otherCopiesOf, releaseLinks } from '../other-copies';

/**
 * On the album's page: the release on Discogs or MusicBrainz, and "Other copies in your collections"
 * (docs/product/albums.md#other-copies). Nothing is shown when there is neither.
 */
export function AlbumCopiesPanel({ album, albums }: { album: Album; albums: readonly AlbumListItem[] | undefined }) {
  const [, navigate] = useLocation();
  const links = releaseLinks(album);
  const copies = albums ? otherCopiesOf(album, albums) : [];
  if (links.length === 0 && copies.length === 0) return null;
  return (
    <div className="mb-6 grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6">
      {links.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-ink-muted">This release on</span>
          {links.map((link) => (
            <a
              key={link.site}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-accent underline-offset-4 hover:underline"
            >
              {link.site}
              <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ))}
        </p>
      )}
      {copies.length > 0 && (
        <section aria-labelledby="other-copies-title" className="grid gap-2">
          <h2 id="other-copies-title" className="text-base font-semibold tracking-tight">
            Other copies in your collections
          </h2>
          <ul className="divide-y divide-line rounded-xl border border-line bg-paper text-sm" data-testid="other-copies">
            {copies.map((copy) => (
              <li key={copy.id} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{copy.format ? ALBUM_FORMAT_NAMES[copy.format] : 'Format not set'}</p>
                  {copy.pressing && <p className="break-words text-ink-muted">{copy.pressing}</p>}
                  <p className="break-words text-ink-muted">In “{copy.collection}”</p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Open the copy in “${copy.collection}”${copy.format ? ` (${ALBUM_FORMAT_NAMES[copy.format]})` : ''}`}
                  onClick={() => navigateAway(navigate, `/album/${copy.id}`)}
                >
                  Open
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
