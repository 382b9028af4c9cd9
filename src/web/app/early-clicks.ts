/**
 * A server-drawn page shows its buttons before the app has taken them over, and a press on one then
 * does nothing (no handler is attached yet). The last press on a button is held and replayed once the
 * page is hydrated: hydration keeps the same elements, so it reaches the control the user pressed.
 * Links need no help: they work as links.
 */
export function holdEarlyClicks(root: HTMLElement): { replay(hydrated: boolean): void } {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest('button') : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = control;
  };
  root.addEventListener('click', hold, true);
  return {
    replay(hydrated) {
      root.removeEventListener('click', hold, true);
      const control = held;
      held = null;
      // Rendered afresh instead: the pressed element is gone, and what replaced it may differ.
      if (!hydrated || !control?.isConnected) return;
      // Menus and selects (Radix) open on pointerdown, other buttons on click: replay a whole press.
      const press = { bubbles: true, cancelable: true, composed: true, button: 0, pointerType: 'mouse', isPrimary: true };
      control.dispatchEvent(new PointerEvent('pointerdown', { ...press, buttons: 1 }));
      control.dispatchEvent(new PointerEvent('pointerup', { ...press, buttons: 0 }));
      control.click();
    },
  };
}
