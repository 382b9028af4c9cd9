import { createContext, use } from 'react';

/**
 * What the server reads instead of the browser's storage when it draws a page: the selected
 * collection the browser last stored, mirrored to a cookie (features/collections/selection-store.ts).
 * Null in the browser.
 */
export interface ServerRenderValues {
  storedSelectedCollection: string | null;
}

export const ServerRenderContext = createContext<ServerRenderValues | null>(null);

export const useServerRender = () => use(ServerRenderContext);
