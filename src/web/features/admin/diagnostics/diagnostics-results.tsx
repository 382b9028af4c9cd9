import { CircleCheck, CircleAlert, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { AlbumInvestigation, DuplicateReport, Finding } from '../../../../common/admin-diagnostics.schemas';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/number-format';

const th = 'px-4 py-2 font-medium whitespace-nowrap';
const td = 'px-4 py-2.5 align-top';

/** A table that scrolls sideways inside its card on a narrow screen (focusable, so keyboards can scroll it). */
function ScrollTable({ label, minWidth, children }: { label: string; minWidth: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label={label}>
      <table className={cn('w-full text-left text-sm', minWidth)}>{children}</table>
    </div>
  );
}

function Head({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-line bg-muted/60 text-xs tracking-wide text-ink-muted uppercase">
      <tr>{children}</tr>
    </thead>
  );
}

export function ResultsSkeleton() {
  return (
    <div className="grid gap-3" aria-label="Loading results">
      <Skeleton className="h-5 w-56" />
      <Skeleton className="h-32" />
    </div>
  );
}

export function ResultsError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
      <span className="min-w-0 wrap-anywhere">{errorMessage(error)}</span>
    </p>
  );
}

function StatusLine({ ok, children }: { ok: boolean; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <p className="flex items-start gap-2 text-sm font-medium">
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', ok ? 'text-success' : 'text-warning')} />
      <span className="min-w-0 wrap-anywhere">{children}</span>
    </p>
  );
}

function FindingSection({ finding }: { finding: Finding }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <h4 id={id} className="text-sm font-semibold">
        {finding.title} <span className="font-normal text-ink-muted tabular-nums">({formatCount(finding.count)})</span>
      </h4>
      <p className="text-sm text-ink-muted">{finding.explanation}</p>
      <ScrollTable label={finding.title} minWidth="min-w-[34rem]">
        <Head>
          <th scope="col" className={th}>
            Type
          </th>
          <th scope="col" className={th}>
            ID
          </th>
          <th scope="col" className={th}>
            Item
          </th>
          <th scope="col" className={th}>
            Problem
          </th>
        </Head>
        <tbody className="divide-y divide-line">
          {finding.items.map((item) => (
            <tr key={`${item.entity}-${item.id}`}>
              <td className={cn(td, 'capitalize')}>{item.entity}</td>
              <td className={cn(td, 'tabular-nums')}>{item.id}</td>
              <td className={cn(td, 'wrap-anywhere')}>{item.label}</td>
              <td className={cn(td, 'wrap-anywhere text-ink-muted')}>{item.detail}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {finding.count > finding.items.length && (
        <p className="text-xs text-ink-muted">
          Showing the first {formatCount(finding.items.length)} of {formatCount(finding.count)}.
        </p>
      )}
    </section>
  );
}

/** Counts per collection against the total, then each finding with its explanation. */
export function InvestigationResults({ investigation }: { investigation: AlbumInvestigation }) {
  const { user, totalAlbums, collectionsTotal, collections, findings, checks, consistent } = investigation;
  const mismatch = totalAlbums !== collectionsTotal;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <StatusLine ok={consistent}>
        {consistent
          ? `${user.username}: ${formatCount(totalAlbums)} ${totalAlbums === 1 ? 'album' : 'albums'}, all in their collections. Nothing inconsistent found.`
          : `${user.username}: ${findings.length} ${findings.length === 1 ? 'kind of problem' : 'kinds of problem'} found.`}
      </StatusLine>
      <ScrollTable label={`Albums per collection of ${user.username}`} minWidth="min-w-[16rem]">
        <Head>
          <th scope="col" className={th}>
            Collection
          </th>
          <th scope="col" className={cn(th, 'text-right')}>
            Albums
          </th>
        </Head>
        <tbody className="divide-y divide-line">
          {collections.length === 0 && (
            <tr>
              <td colSpan={2} className={cn(td, 'text-ink-muted')}>
                No collections.
              </td>
            </tr>
          )}
          {collections.map((collection) => (
            <tr key={collection.id}>
              <th scope="row" className={cn(td, 'font-normal wrap-anywhere')}>
                {collection.name}
              </th>
              <td className={cn(td, 'text-right tabular-nums')}>{formatCount(collection.albumsCount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-line font-medium">
          <tr>
            <th scope="row" className={td}>
              Sum of collections
            </th>
            <td className={cn(td, 'text-right tabular-nums')}>{formatCount(collectionsTotal)}</td>
          </tr>
          <tr className={cn(mismatch && 'bg-warning/10')}>
            <th scope="row" className={td}>
              Total albums
              {mismatch && (
                <span className="ml-2 text-xs font-normal text-warning">
                  differs by {formatCount(Math.abs(totalAlbums - collectionsTotal))}
                </span>
              )}
            </th>
            <td className={cn(td, 'text-right tabular-nums')}>{formatCount(totalAlbums)}</td>
          </tr>
        </tfoot>
      </ScrollTable>
      {findings.map((finding) => (
        <FindingSection key={finding.kind} finding={finding} />
      ))}
      <details className="text-sm">
        <summary className="cursor-pointer text-ink-muted">Checks run ({checks.length})</summary>
        <ul className="mt-2 grid gap-1">
          {checks.map((check) => (
            <li key={check.kind} className="flex items-start gap-2">
              {check.count === 0 ? (
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              )}
              <span>
                {check.title}: <span className="tabular-nums">{check.count === 0 ? 'none' : formatCount(check.count)}</span>
              </span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The duplicate groups as one table, a group per body, the kept album marked. */
export function DuplicateResults({ report }: { report: DuplicateReport }) {
  const { user, groups, groupCount, removable } = report;
  if (groups.length === 0) {
    return <StatusLine ok>No duplicate albums found for {user.username}.</StatusLine>;
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <StatusLine ok={false}>
        {formatCount(groupCount)} {groupCount === 1 ? 'group' : 'groups'} of duplicates for {user.username}: {formatCount(removable)}{' '}
        {removable === 1 ? 'album' : 'albums'} would be removed.
      </StatusLine>
      <ScrollTable label={`Duplicate albums of ${user.username}`} minWidth="min-w-[42rem]">
        <Head>
          <th scope="col" className={th}>
            Title
          </th>
          <th scope="col" className={th}>
            Artist
          </th>
          <th scope="col" className={th}>
            Collection
          </th>
          <th scope="col" className={th}>
            Added
          </th>
          <th scope="col" className={cn(th, 'text-right')}>
            ID
          </th>
          <th scope="col" className={th}>
            Status
          </th>
        </Head>
        {groups.map((group) => (
          <tbody key={group.keptId} className="border-b border-line last:border-b-0" data-testid="duplicate-group">
            {group.albums.map((album) => (
              <tr key={album.id} className={cn(!album.kept && 'text-ink-muted')}>
                <td className={cn(td, 'wrap-anywhere', album.kept && 'font-medium')}>{album.title}</td>
                <td className={cn(td, 'wrap-anywhere')}>{album.artist}</td>
                <td className={cn(td, 'wrap-anywhere')}>{album.collection}</td>
                <td className={cn(td, 'whitespace-nowrap tabular-nums')}>
                  <time dateTime={album.createdAt}>{formatDate(album.createdAt)}</time>
                </td>
                <td className={cn(td, 'text-right tabular-nums')}>{album.id}</td>
                <td className={td}>
                  {album.kept ? (
                    <span className="inline-flex rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-ink">
                      Kept (oldest)
                    </span>
                  ) : (
                    <span className="inline-flex rounded-full border border-line px-2 py-0.5 text-xs">Duplicate</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </ScrollTable>
      {groupCount > groups.length && (
        <p className="text-xs text-ink-muted">
          Showing the first {formatCount(groups.length)} of {formatCount(groupCount)} groups. Remove Duplicates removes the duplicates of every group.
        </p>
      )}
    </div>
  );
}
