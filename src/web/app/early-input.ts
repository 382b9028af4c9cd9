/**
 * A server-drawn page shows its controls before the app has taken them over: a press on a button
 * does nothing yet (no handler is attached), and text typed into a field would be reset by hydration
 * to the app's state. Both are held and replayed once the page is hydrated — hydration keeps the same
 * elements, so they reach the controls the user used: the last press, and what each field holds.
 * Links need no help: they work as links.
 */
export function holdEarlyInput(root: HTMLElement): { replay(hydrated: boolean): void } {
  let pressed: HTMLElement | null = null;
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const holdPress = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest('button') : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressed = control;
  };
  const holdTyping = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio')) {
      typed.set(field, field.value);
    }
  };
  root.addEventListener('click', holdPress, true);
  root.addEventListener('input', holdTyping, true);
  return {
    replay(hydrated) {
      root.removeEventListener('click', holdPress, true);
      root.removeEventListener('input', holdTyping, true);
      const control = pressed;
      pressed = null;
      // Rendered afresh instead: the elements used are gone, and what replaced them may differ.
      if (!hydrated) return;
      for (const [field, value] of typed) {
        if (!field.isConnected) continue;
        // React hydrated the field as it found it, but its state says otherwise: make React see the
        // text typed, as if typed now. Its tracker first learns "empty" (the element's own setter),
        // the element then gets the text past the tracker (the prototype's setter), and the input
        // event reports the difference to the field's onChange.
        field.value = '';
        const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      typed.clear();
      if (!control?.isConnected) return;
      // Menus and selects (Radix) open on pointerdown, other buttons on click: replay a whole press.
      const press = { bubbles: true, cancelable: true, composed: true, button: 0, pointerType: 'mouse', isPrimary: true };
      control.dispatchEvent(new PointerEvent('pointerdown', { ...press, buttons: 1 }));
      control.dispatchEvent(new PointerEvent('pointerup', { ...press, buttons: 0 }));
      control.click();
    },
  };
}
