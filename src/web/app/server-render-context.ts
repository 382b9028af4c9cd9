import { createContext, use } from 'react';
import type { HomeHead } from '../../common/home-render';

/**
 * What the server reads instead of the browser's storage when it draws a page: the selected
 * collection, the home's view and the dismissed overdue line the browser last stored, mirrored to cookies (features/collections/selected-collection.ts).
 * Null in the browser.
 */
export interface ServerRenderValues {
  storedSelectedCollection: string | null;
  /** The home's sort, filters and layout the browser last stored (its cookie copy, normalised). */
  storedHomeView: string;
  /** The overdue loans the browser last dismissed the home's line for (its cookie copy, normalised). */
  storedOverdueDismissal: string;
  /**
   * Told, as the home is drawn, what its first screen shows and the numbers it read from the whole
   * album list, for the browser's takeover (common/home-render.ts). Called during the render: the
   * server renders once, and nothing else reads what it records.
   */
  recordHead?: (part: Partial<HomeHead>) => void;
}

export const ServerRenderContext = createContext<ServerRenderValues | null>(null);

export const useServerRender = () => use(ServerRenderContext);
