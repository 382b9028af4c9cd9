import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AlbumListItem } from '../../../../common/albums.schemas';
import type { LoanReminders } from '../../../../common/loans';
import { whenIdle } from '../../../lib/when-idle';
import { AlbumCard, AlbumRow } from './album-card';

/** How many cards each step draws: about the cards a letter updates on a phone's screen. */
export const REHEARSAL_CARDS = 5;

/** How many times the cards are drawn for other albums before they go: enough for the engine to compile what runs. */
export const REHEARSAL_STEPS = 6;

/** Each step waits for an idle moment, at most this long. */
const STEP_TIMEOUT_MS = 3000;

/** Spreads each step's albums over the list (a prime, so a short list still gives varied cards). */
const STRIDE = 7919;

let rehearsed = false;

/** Forgets that this page has rehearsed its cards (a test starts each case from a page that has not). */
export function resetCardRehearsalForTests(): void {
  rehearsed = false;
}

/** The albums a step draws: REHEARSAL_CARDS of them, spread over the list. */
export function rehearsalAlbums(albums: readonly AlbumListItem[], step: number): AlbumListItem[] {
  const picked: AlbumListItem[] = [];
  for (let card = 0; card < REHEARSAL_CARDS; card++)
    picked.push(albums[((step * REHEARSAL_CARDS + card) * STRIDE) % albums.length]!);
  return picked;
}

/**
 * Once per page, while it is idle, draws a few of the grid's cards for one album, then for another, a
 * few times over, then removes them: the first letter typed in the search then updates the cards on
 * screen with the engine's compiled code, not its first, interpreted pass (docs/decisions.md, "The
 * first keystroke"). The cards are drawn into a closed shadow root under a hidden element: no layout,
 * no screen reader, no selector of the page (or of a test) sees them.
 */
export const CardRehearsal = memo(function CardRehearsal({
  albums,
  reminders,
  list,
  showCollection,
}: {
  albums: readonly AlbumListItem[];
  reminders: LoanReminders;
  list: boolean;
  showCollection: boolean;
}) {
  // The list as it was when the rehearsal began (a letter typed meanwhile changes nothing here), let go
  // of when it ends: the grid stays mounted long after, and a list read again must not be kept twice.
  const [rehearsal, setRehearsal] = useState<{ pool: readonly AlbumListItem[]; step: number } | null>(() =>
    rehearsed || albums.length === 0 ? null : { pool: albums, step: 0 },
  );
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    if (rehearsal && host.current && !root) setRoot(host.current.attachShadow({ mode: 'closed' }));
  }, [rehearsal, root]);
  useEffect(() => {
    if (!rehearsal) {
      rehearsed = true;
      return;
    }
    if (!root) return;
    return whenIdle(
      () => setRehearsal((was) => (was && was.step + 1 < REHEARSAL_STEPS ? { pool: was.pool, step: was.step + 1 } : null)),
      STEP_TIMEOUT_MS,
    );
  }, [rehearsal, root]);

  const Item = list ? AlbumRow : AlbumCard;
  const cards =
    root && rehearsal
      ? rehearsalAlbums(rehearsal.pool, rehearsal.step).map((album, index) => (
          <Item
            key={index}
            album={album}
            priority={false}
            reminderDays={reminders.days}
            today={reminders.today}
            showCollection={showCollection}
          />
        ))
      : null;
  if (!rehearsal && !root) return null;
  return (
    <div ref={host} hidden aria-hidden data-testid="card-rehearsal">
      {root && createPortal(cards, root)}
    </div>
  );
});
