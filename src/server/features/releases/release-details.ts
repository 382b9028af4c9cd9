import { ALBUM_DETAIL_LIMITS, type Track } from '../../../common/album-details.schemas.js';
import type { AlbumFormat } from '../../../common/album-formats.js';

/**
 * What a MusicBrainz release says about the collector's copy beyond the catalogue line: its format on
 * the album's list, from the release's media, and its tracklist with durations
 * (docs/product/releases.md#format-from-the-media, docs/product/releases.md#tracklist).
 */

export interface ReleaseMedium {
  format?: string | null | undefined;
  position?: number | null | undefined;
  tracks?: ReleaseTrack[] | undefined;
}

export interface ReleaseTrack {
  /** The position as printed on the sleeve ("A1", "B2", "1"). */
  number?: string | undefined;
  /** The track's place on its medium (1, 2…), when the printed one is missing. */
  position?: number | null | undefined;
  title?: string | undefined;
  /** Milliseconds; MusicBrainz gives the track's own length, else its recording's. */
  length?: number | null | undefined;
  recording?: { length?: number | null | undefined } | null | undefined;
}

const isVinylMedium = (format: string) => /vinyl/i.test(format);
const isShellac = (format: string) => /shellac/i.test(format);
const isCd = (format: string) => /\bCD\b|\bCD-R\b|\bSACD\b|\bHDCD\b/i.test(format);
const isCassette = (format: string) => /cassette/i.test(format);
const size = (format: string) => /\b(7|10|12)"/.exec(format)?.[1];

/**
 * The album format a release's media make: a record release's vinyl decides (a bonus CD or DVD
 * does not make a box set), then a release of only shellac, CDs or cassettes; any other physical
 * mix is Other. One 12" (or unsized) disc is an LP, unless its release group says EP or single.
 * Null when MusicBrainz lists no format.
 */
export function albumFormatFromMedia(media: readonly ReleaseMedium[], primaryType?: string): AlbumFormat | null {
  const formats = media.map((medium) => medium.format?.trim() ?? '').filter(Boolean);
  if (formats.length === 0) return null;

  const vinyl = formats.filter(isVinylMedium);
  if (vinyl.length > 0) {
    const sizes = new Set(vinyl.map(size));
    if (vinyl.length === 1 || sizes.size === 1) {
      const only = [...sizes][0];
      if (only === '7') return '7"';
      if (only === '10') return '10"';
    }
    if (vinyl.length >= 3) return '3LP+';
    if (vinyl.length === 2) return '2LP';
    const type = primaryType?.toLowerCase();
    if (type === 'ep') return 'EP';
    if (type === 'single') return '12"';
    return 'LP';
  }
  if (formats.every(isShellac)) return '78';
  if (formats.every(isCd)) return 'CD';
  if (formats.every(isCassette)) return 'Cassette';
  return 'Other';
}

/** A length in milliseconds as m:ss ("9:22"), rounded to the second; undefined when unknown. */
export function trackDuration(milliseconds: number | null | undefined): string | undefined {
  if (typeof milliseconds !== 'number' || !Number.isFinite(milliseconds) || milliseconds <= 0) return undefined;
  const seconds = Math.round(milliseconds / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  // The album keeps durations of at most 10 characters; a length beyond any record is MusicBrainz data gone wrong.
  return seconds > 0 && seconds < 1000 * 60 ? text : undefined;
}

/**
 * The release's tracks in order, as the album holds them: the printed position ("A1"), else the
 * medium and track number ("2-3", or "3" on a one-medium release), the title, and the duration
 * when MusicBrainz knows the length. Untitled tracks are left out; the album's limits apply.
 */
export function tracklistFromMedia(media: readonly ReleaseMedium[]): Track[] {
  const several = media.length > 1;
  const tracks: Track[] = [];
  for (const [mediumIndex, medium] of media.entries()) {
    for (const [trackIndex, track] of (medium.tracks ?? []).entries()) {
      const title = track.title?.trim().slice(0, ALBUM_DETAIL_LIMITS.trackTitle);
      if (!title) continue;
      const place = track.position ?? trackIndex + 1;
      const fallback = several ? `${medium.position ?? mediumIndex + 1}-${place}` : String(place);
      const position = (track.number?.trim() || fallback).slice(0, ALBUM_DETAIL_LIMITS.trackPosition);
      const duration = trackDuration(track.length ?? track.recording?.length);
      tracks.push({ position, title, ...(duration ? { duration } : {}) });
      if (tracks.length === ALBUM_DETAIL_LIMITS.tracks) return tracks;
    }
  }
  return tracks;
}
