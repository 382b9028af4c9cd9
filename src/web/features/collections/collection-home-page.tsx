import { Disc3, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { accessLevel } from '../../../common/access';
import { Button } from '../../components/ui/button';
import { Dialog, DrawerContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Tooltip } from '../../components/ui/tooltip';
import { errorToast, toast } from '../../components/ui/use-toast';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useIsNarrow } from '../../lib/use-is-mobile';
import { AppHeader } from './components/app-header';
import { CollectionsSidebar, CREATE_COLLECTION_SOON } from './components/collections-sidebar';

/** Spec 1 §6: an inactive subscription or an expired trial gates the collection; the subscription page explains. */
function useGatedRedirect() {
  const { user } = useSessionUser();
  const [, navigate] = useLocation();
  const gated = user ? accessLevel(user) === 'gated' : false;
  useEffect(() => {
    if (gated) navigate('/subscription', { replace: true });
  }, [gated, navigate]);
}

/** The collection home (/, /collection, /collections): the signed-in shell, filled by the collections issue. */
export default function CollectionHomePage() {
  useDocumentTitle('Your collection');
  useGatedRedirect();
  const narrow = useIsNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader
        onShare={() => errorToast('No collection selected to share')}
        onExport={() => toast({ title: 'Nothing to export yet', description: 'Add albums to a collection first.' })}
        onOpenSidebar={() => setDrawerOpen(true)}
      />
      <div className="flex min-h-0 flex-1">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 border-r border-line bg-surface/60 min-[769px]:block">
          <CollectionsSidebar />
        </aside>
        <main className="flex flex-1 items-center justify-center px-4 py-10">
          <EmptyState
            icon={Disc3}
            title="No collections yet"
            text="Start a collection for your records, say “Living room shelf” or “Jazz”, then add albums and Spindle finds their cover art."
            action={
              <Tooltip content={CREATE_COLLECTION_SOON}>
                <span tabIndex={0} className="inline-flex rounded-lg">
                  <Button disabled>
                    <Plus aria-hidden />
                    Create your first collection
                  </Button>
                </span>
              </Tooltip>
            }
          />
        </main>
      </div>
      <Dialog open={narrow && drawerOpen} onOpenChange={setDrawerOpen}>
        <DrawerContent title="Collections">
          <CollectionsSidebar inDrawer />
        </DrawerContent>
      </Dialog>
    </div>
  );
}
