import { Pencil, Trash2 } from 'lucide-react';
import type { Collection } from '../../../../common/collections.schemas';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';

export interface CollectionActionItemsProps {
  collection: Collection;
  onRename: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
}

/** Rename and Delete, the same in the page title's menu and in each sidebar row's menu. */
export function CollectionActionItems({ collection, onRename, onDelete }: CollectionActionItemsProps) {
  return (
    <>
      <DropdownMenuItem onSelect={() => onRename(collection)}>
        <Pencil aria-hidden />
        Rename
      </DropdownMenuItem>
      <DropdownMenuItem destructive onSelect={() => onDelete(collection)}>
        <Trash2 aria-hidden />
        Delete
      </DropdownMenuItem>
    </>
  );
}
