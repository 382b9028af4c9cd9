/**
 * The landing page's only script: a screenshot link opens its enlarged image in a native modal
 * <dialog> (Escape and the Close button are native; a click on the backdrop closes it too). Without
 * JavaScript the link still opens the image itself. Runs on the prerendered page (landing-entry.ts)
 * and inside the single-page app (LandingPage's effect); returns the cleanup.
 */
export function enhanceLanding(root: Document | HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const opener = target.closest<HTMLAnchorElement>('a[data-dialog]');
    if (opener) {
      // Modified clicks keep their usual meaning (open the image in a new tab or window).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const dialog = document.getElementById(opener.dataset.dialog ?? '');
      if (dialog instanceof HTMLDialogElement && typeof dialog.showModal === 'function') {
        event.preventDefault();
        dialog.showModal();
      }
      return;
    }
    // The dialog's content fills its box, so a click that lands on the <dialog> itself hit the backdrop.
    if (target instanceof HTMLDialogElement && target.open && target.hasAttribute('data-lightbox')) target.close();
  };
  root.addEventListener('click', onClick as EventListener);
  return () => root.removeEventListener('click', onClick as EventListener);
}
