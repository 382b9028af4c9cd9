import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Collection } from '../../../common/collections.schemas';
import { useServerRender } from '../../app/server-render-context';
import { useSearchParam } from '../../lib/address-search';
import { ALL_ALBUMS, readStoredSelection, resolveSelectedCollection, storeSelection } from './selected-collection';

/** What the home shows: one collection, every collection at once ('all'), or none (there are none). */
export type HomeSelection = Collection | 'all' | null;

/**
 * The selected collection (docs/product/collections.md#selection), or All albums
 * (docs/product/collections.md#all-albums): from the URL, else local storage (selectedCollection),
 * else the first; remembered in local storage (and its cookie copy) whenever it changes, and cleared
 * when there are no collections. `collections` is undefined while the list loads. When the server
 * draws the page, the stored value is the cookie's.
 */
export function useSelectedCollection(collections: readonly Collection[] | undefined): HomeSelection {
  const [path, navigate] = useLocation();
  // Only this parameter: the home rewrites the rest of its query at each letter of its search.
  const fromUrl = useSearchParam('collection');
  const server = useServerRender();
  const names = useMemo(() => collections?.map((collection) => collection.name), [collections]);
  const stored = server ? server.storedSelectedCollection : readStoredSelection();
  const selectedName = names ? resolveSelectedCollection(names, fromUrl, stored) : null;

  useEffect(() => {
    if (names) storeSelection(selectedName);
  }, [names, selectedName]);

  // A link naming a collection that is gone (or in another case) shows what is really selected. Only
  // for the first list: later a rename or delete may briefly leave the URL ahead of the cached list.
  const urlChecked = useRef(false);
  useEffect(() => {
    if (!names || urlChecked.current) return;
    urlChecked.current = true;
    if (fromUrl === null || fromUrl === selectedName) return;
    navigate(selectedName === null ? path : `${path}?collection=${encodeURIComponent(selectedName)}`, { replace: true });
  }, [names, fromUrl, selectedName, path, navigate]);

  return useMemo(
    () => (selectedName === ALL_ALBUMS ? 'all' : (collections?.find((collection) => collection.name === selectedName) ?? null)),
    [collections, selectedName],
  );
}
