/*
 * Radix closes only the topmost layer on Escape, and a toast shown after a dialog opened is above
 * it: the first press closed the toast, a second the dialog. A toast now hands an Escape pressed in a
 * dialog on to that dialog (docs/product/landing.md#interface-constants), and stays on screen to be read.
 */
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const handedOn = new WeakSet<Event>();

/** For a toast's onEscapeKeyDown: when focus is in a dialog, leaves the toast open and marks the press for the dialog. */
export function handEscapeToDialog(event: KeyboardEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target?.closest(DIALOG)) return;
  event.preventDefault();
  handedOn.add(event);
}

/** For a dialog's keydown: the press was an Escape that a toast above the dialog handed on. */
export function isHandedOnEscape(event: Event): boolean {
  return handedOn.has(event);
}
