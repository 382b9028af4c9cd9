import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../common/constants';

/** Names the browser tab after the page ("Profile · Spindle"), for history entries and screen readers. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} — the vinyl collection manager`;
  }, [title]);
}
