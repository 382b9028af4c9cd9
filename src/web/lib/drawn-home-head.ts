import { HOME_HEAD_ELEMENT_ID, type HomeHead, type HomeHeadView } from '../../common/home-render';
import type { HomeSortField } from '../../common/home-view';

/*
 * The head of the home the server drew (common/home-render.ts): the first screen's albums in the
 * grid's order and the numbers read from the whole list. The browser takes the drawing over with it
 * instead of the album list, which is read once the takeover is done: a first visit then neither
 * downloads, parses nor sorts thousands of albums while the page is taken over (docs/decisions.md,
 * "The first visit"). Held until the list arrives.
 */
let held: HomeHead | null = null;

/** The drawn page's head, or null when the page has none (or it cannot be read). */
export function readDrawnHomeHead(): HomeHead | null {
  const script = document.getElementById(HOME_HEAD_ELEMENT_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as HomeHead;
  } catch {
    return null;
  }
}

export function holdDrawnHomeHead(head: HomeHead): void {
  held = head;
}

/** Once the album list is read, the head has nothing left to say. */
export function forgetDrawnHomeHead(): void {
  held = null;
}

/** The held head, while the album list is not read. */
export const drawnHomeHead = (): HomeHead | null => held;

/** The filters as the head names them: equal filters, equal text. */
export const headFiltersKey = (filters: object) => JSON.stringify(filters);

/** The drawn grid, when it is the one asked for: the same collection, sort and filters. */
export function drawnHomeView(collection: string | null, sortBy: HomeSortField, filters: object): HomeHeadView | null {
  const view = held?.view;
  if (!view || view.collection !== collection || view.sortBy !== sortBy || view.filters !== headFiltersKey(filters)) return null;
  return view;
}
