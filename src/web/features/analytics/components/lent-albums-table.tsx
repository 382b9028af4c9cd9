import type { Analytics } from '../../../../common/analytics.schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { daysLent } from '../../../../common/loans';
import { formatSince, formatTimeOut } from '../analytics-view';

/**
 * The lent albums (docs/product/analytics.md#page), longest out first as the server
 * orders them, with how long each has been out, counted on the server's loan day `today`
 * like the overdue flags (docs/product/loans.md#overdue).
 */
export function LentAlbumsTable({ albums, today }: { albums: Analytics['lentAlbums']; today: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="lent-albums-title">Lent albums</CardTitle>
        <CardDescription>
          {albums.length === 0
            ? 'None of your albums are lent out right now.'
            : `${albums.length === 1 ? '1 album is' : `${albums.length} albums are`} out on loan, longest out first.`}
        </CardDescription>
      </CardHeader>
      {albums.length > 0 && (
        <CardContent className="px-0 pb-2 sm:px-2">
          <LentAlbumsList albums={albums} today={today} />
          {/* From 640 px: the table. Focusable so keyboard users can scroll it sideways if it still overflows. */}
          <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-labelledby="lent-albums-title">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="border-b border-line text-xs tracking-wide text-ink-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Artist
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Lent To
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Since
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Collection
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Out For
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {albums.map((album) => (
                  <tr key={album.id}>
                    <th scope="row" className="px-4 py-3 font-medium">
                      {album.title}
                    </th>
                    <td className="px-4 py-3">{album.artist}</td>
                    <td className="px-4 py-3">{album.lentTo ?? '—'}</td>
                    <td className="px-4 py-3 whitespace-nowrap tabular-nums">{formatSince(album.lentDate)}</td>
                    <td className="px-4 py-3">{album.collection}</td>
                    <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                      {formatTimeOut(daysLent(album.lentDate, today))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      )}
    </Card>
  );
}

/**
 * On a phone the six columns do not fit: a sideways scroller hid who has the record and for how long.
 * Each loan is a small block instead, every field named, nothing off screen.
 */
function LentAlbumsList({ albums, today }: { albums: Analytics['lentAlbums']; today: string }) {
  return (
    <ul aria-labelledby="lent-albums-title" className="divide-y divide-line border-t border-line sm:hidden" data-testid="lent-albums-list">
      {albums.map((album) => (
        <li key={album.id} className="grid gap-1 px-6 py-3 text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <p className="min-w-0 font-medium break-words">{album.title}</p>
            <p className="shrink-0 text-ink-muted tabular-nums">{formatTimeOut(daysLent(album.lentDate, today))}</p>
          </div>
          <p className="break-words text-ink-muted">{album.artist}</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
            <dt className="text-ink-muted">Lent to</dt>
            <dd className="break-words">{album.lentTo ?? '—'}</dd>
            <dt className="text-ink-muted">Since</dt>
            <dd className="tabular-nums">{formatSince(album.lentDate)}</dd>
            <dt className="text-ink-muted">Collection</dt>
            <dd className="break-words">{album.collection}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
