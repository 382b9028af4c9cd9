import { useQuery } from '@tanstack/react-query';
import { createContext, use, useState, type ReactNode } from 'react';
import { accessLevel } from '../../common/access';
import type { OverdueLoansSummary } from '../../common/loans.schemas';
import { errorToast } from '../components/ui/use-toast';
import { useSessionUser } from '../lib/session';
import { collectionsQuery } from '../features/collections/api';
import * as dialogs from '../features/collection-home/collection-home-dialogs';
import { AppHeader } from './app-header';
import { ALL_ALBUMS, readStoredSelection } from '../features/collections/selected-collection';

/** True inside the frame: a page that has a header of its own for visitors leaves it out then. */
const FrameContext = createContext(false);
export const useInSignedInFrame = () => use(FrameContext);

/** GET /api/user/overdue-loans: read on each page that shows the frame (stale at once, like every read). */
const OVERDUE_LOANS_KEY = ['/api/user/overdue-loans'] as const;

/**
 * The header of every signed-in page but the home (which draws its own, on the server too): the
 * logo home, the menu with its overdue count, and the menu's Share and Export for the collection
 * last selected on the home. Gated users get the short menu and none of the reads, which would 402.
 */
function FrameHeader() {
  const { user } = useSessionUser();
  const gated = user ? accessLevel(user) === 'gated' : true;
  const overdue = useQuery<OverdueLoansSummary>({ queryKey: OVERDUE_LOANS_KEY, enabled: !gated });
  const collections = useQuery({ ...collectionsQuery, enabled: !gated });
  const [shareOpen, setShareOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  if (gated) return <AppHeader gated />;

  const list = collections.data;
  const stored = readStoredSelection();
  // All albums last selected (docs/product/collections.md#all-albums): nothing to share, and Export offers every album.
  const allAlbums = stored === ALL_ALBUMS;
  const selected = allAlbums ? null : (list?.find((collection) => collection.name === stored) ?? list?.[0] ?? null);
  const totalAlbums = list?.reduce((sum, collection) => sum + collection.albumCount, 0) ?? 0;
  return (
    <>
      <AppHeader
        onShare={allAlbums ? undefined : () => (selected ? setShareOpen(true) : errorToast('No collection selected to share'))}
        onExport={() => setExportOpen(true)}
        overdueCount={overdue.data?.count ?? 0}
      />
      {selected && <dialogs.ShareDialog.Component open={shareOpen} onOpenChange={setShareOpen} collection={selected} />}
      <dialogs.ExportDialog.Component
        open={exportOpen}
        onOpenChange={setExportOpen}
        selected={selected ? { name: selected.name, albumCount: selected.albumCount } : null}
        totalAlbums={totalAlbums}
      />
    </>
  );
}

/** One frame for the signed-in pages: the same header above each page's own content. */
export function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <FrameContext value={true}>
      <div className="flex min-h-dvh flex-col">
        <FrameHeader />
        <div className="flex flex-1 flex-col">{children}</div>
      </div>
    </FrameContext>
  );
}
