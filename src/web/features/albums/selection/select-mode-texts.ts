import { formatCount } from '../../../lib/number-format';

/**
 * Select mode's words (docs/product/albums.md#select-mode), in one place so the bar, the dialogs and
 * the toasts count the same way.
 */
export const albumsCountText = (count: number) => (count === 1 ? '1 album' : `${formatCount(count)} albums`);

export const selectedText = (count: number) => `${formatCount(count)} selected`;

export const selectAllText = (shown: number) => `Select all ${formatCount(shown)} shown`;

export const deleteConfirm = (count: number) => ({
  title: `Delete ${albumsCountText(count)}?`,
  description: `The ${albumsCountText(count)} selected will be deleted, with their loans and notes. This cannot be undone.`,
  confirmLabel: `Delete ${albumsCountText(count)}`,
});

export const doneToast = {
  move: (count: number, collection: string) => ({ title: `${albumsCountText(count)} moved`, description: `${count === 1 ? 'It is' : 'They are'} now in “${collection}”.` }),
  update: (count: number, change: string) => ({ title: `${albumsCountText(count)} updated`, description: `${change}.` }),
  delete: (count: number) => ({ title: `${albumsCountText(count)} deleted`, description: undefined }),
};
