import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Album, AlbumListItem } from '../../../common/albums.schemas';
import { albumQuery } from './api';

/**
 * Whether an answer of GET /api/albums/{id} carries the notes and tracklist. The server's always does;
 * offline, the shelf answers from its kept list, which has neither (docs/product/offline.md#shelf).
 */
export const carriesNotesAndTracklist = (album: Album | AlbumListItem): album is Album =>
  'notes' in album && 'tracklist' in album;

/**
 * The album the edit page shows, read by its own GET /api/albums/{id} and never taken from the list:
 * the list has no notes or tracklist (docs/product/albums.md#album-list), and a form filled from it
 * would save them empty. `notesOffline`: the answer is the shelf's copy, so the form must leave the
 * notes and tracklist out of a save (PUT keeps an absent detail as stored).
 */
export function useAlbumToEdit(id: number) {
  const query = useQuery(albumQuery(id));
  const answer = query.data;
  const album = useMemo<Album | undefined>(
    () => (answer === undefined || carriesNotesAndTracklist(answer) ? answer : { ...answer, notes: null, tracklist: null }),
    [answer],
  );
  return { query, album, notesOffline: answer !== undefined && !carriesNotesAndTracklist(answer) };
}
