import { AlertTriangle, Ban, CopyCheck, FolderPlus, Heart, ListPlus, PencilLine } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ImportReport } from '../../../../common/import.schemas';
import { Card } from '../../../components/ui/card';
import { formatCount, isWantlist } from '../import-text';

const FORMAT_NAMES: Record<ImportReport['format'], string> = {
  discogs: 'Discogs collection export',
  'discogs-wantlist': 'Discogs wantlist export',
  spindle: 'Spindle CSV export',
};

function Stat({ icon: Icon, label, value, tone }: { icon: typeof ListPlus; label: string; value: number; tone?: 'danger' }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line bg-paper px-4 py-3">
      <Icon aria-hidden className={tone === 'danger' && value > 0 ? 'size-5 shrink-0 text-danger' : 'size-5 shrink-0 text-accent'} />
      <div className="min-w-0">
        <p className="text-xs text-ink-muted">{label}</p>
        <p className="text-xl font-semibold tabular-nums">{formatCount(value)}</p>
      </div>
    </div>
  );
}

/** A titled list that scrolls on its own; focusable, so a keyboard can scroll it too. */
function RowList({ id, title, count, shown, children }: { id: string; title: string; count: number; shown: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title} <span className="font-normal text-ink-muted tabular-nums">({formatCount(count)})</span>
      </h3>
      <ul
        tabIndex={0}
        aria-labelledby={id}
        className="max-h-64 divide-y divide-line overflow-y-auto rounded-xl border border-line bg-paper text-sm"
      >
        {children}
      </ul>
      {count > shown && (
        <p className="text-xs text-ink-muted">
          The first {formatCount(shown)} are listed; the counts above are complete.
        </p>
      )}
    </section>
  );
}

function Row({ row, children }: { row: number; children: ReactNode }) {
  return (
    <li className="flex gap-3 px-3 py-2">
      <span className="w-16 shrink-0 text-ink-muted tabular-nums">Row {row}</span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

const albumText = (a: { title: string; artist: string; collection: string }) => (
  <>
    <span className="font-medium">{a.title}</span> <span className="text-ink-muted">by</span> {a.artist}{' '}
    <span className="text-ink-muted">→ {a.collection}</span>
  </>
);

/** The dry run's report: counts, the collections to create, file-wide remarks and each row's fate. */
export function ImportReportView({ report, fileName }: { report: ImportReport; fileName: string }) {
  const wantlist = isWantlist(report.format);
  return (
    <Card className="grid gap-6 p-5 sm:p-6" data-testid="import-report">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold tracking-tight">What this import will do</h2>
        <p className="text-sm break-words text-ink-muted">
          {fileName}: a {FORMAT_NAMES[report.format]} with {formatCount(report.rows)} {report.rows === 1 ? 'row' : 'rows'}. Nothing has been
          saved yet.
        </p>
        {wantlist && (
          // docs/product/import.md#discogs-wantlist: said before anything else, so nobody expects new albums.
          <p className="mt-2 flex items-start gap-2 rounded-lg bg-accent-soft px-3 py-2 text-sm" data-testid="import-wantlist-note">
            <Heart aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            <span className="min-w-0">
              This file is a <strong className="font-semibold">wantlist</strong>: its records go to your <strong className="font-semibold">wish list</strong>,
              not into a collection.
            </span>
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat icon={ListPlus} label="Will be added" value={report.toAdd.count} />
        <Stat icon={CopyCheck} label="Skipped as duplicates" value={report.duplicates.count} />
        <Stat icon={Ban} label="Refused" value={report.refused.count} tone="danger" />
        <Stat icon={PencilLine} label="Values adjusted" value={report.notices.count} />
      </div>
      {report.newCollections.length > 0 && (
        <p className="flex items-start gap-2 text-sm">
          <FolderPlus aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span className="min-w-0 break-words">
            New {report.newCollections.length === 1 ? 'collection' : 'collections'}: {report.newCollections.join(', ')}
          </span>
        </p>
      )}
      {report.warnings.length > 0 && (
        <ul className="grid gap-1.5 text-sm">
          {report.warnings.map((warning) => (
            <li key={warning} className="flex items-start gap-2">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              <span className="min-w-0 break-words">{warning}</span>
            </li>
          ))}
        </ul>
      )}
      <RowList id="import-refused" title="Refused" count={report.refused.count} shown={report.refused.items.length}>
        {report.refused.items.map((item) => (
          <Row key={item.row} row={item.row}>
            {(item.title || item.artist) && (
              <>
                <span className="font-medium">{item.title || 'Untitled'}</span>
                {item.artist && (
                  <>
                    {' '}
                    <span className="text-ink-muted">by</span> {item.artist}
                  </>
                )}
                <span className="text-ink-muted"> — </span>
              </>
            )}
            {item.reason}
          </Row>
        ))}
      </RowList>
      <RowList id="import-duplicates" title="Skipped as duplicates" count={report.duplicates.count} shown={report.duplicates.items.length}>
        {report.duplicates.items.map((item) => (
          <Row key={item.row} row={item.row}>
            {albumText(item)} <span className="text-ink-muted">— {item.reason}</span>
          </Row>
        ))}
      </RowList>
      {/* Added all the same (they are in "Will be added" too): another pressing of an album already
          there, docs/product/import.md#duplicates; for a wantlist, a record owned already or another
          pressing of a wish (docs/product/import.md#discogs-wantlist). */}
      <RowList id="import-other-copies" title={wantlist ? 'Added, worth a look' : 'Added as other copies'} count={report.otherCopies.count} shown={report.otherCopies.items.length}>
        {report.otherCopies.items.map((item) => (
          <Row key={item.row} row={item.row}>
            {albumText(item)} <span className="text-ink-muted">— {item.reason}</span>
          </Row>
        ))}
      </RowList>
      <RowList id="import-notices" title="Values adjusted" count={report.notices.count} shown={report.notices.items.length}>
        {report.notices.items.map((item, i) => (
          <Row key={`${item.row}-${i}`} row={item.row}>
            {item.message}
          </Row>
        ))}
      </RowList>
      <RowList id="import-to-add" title="Will be added" count={report.toAdd.count} shown={report.toAdd.items.length}>
        {report.toAdd.items.map((item) => (
          <Row key={item.row} row={item.row}>
            {albumText(item)}
          </Row>
        ))}
      </RowList>
    </Card>
  );
}
