import { useRef, useState, type FocusEvent, type RefObject } from 'react';

const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** A dialog that is open, not one playing its closing animation (Radix marks that one "closed"). */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
const TABBABLE = 'input:not([disabled]):not([type="hidden"]):not([hidden]), button:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The element inside each open dialog that last had focus: where focus goes back if something takes it away. */
const lastFocusInside = new WeakMap<Element, HTMLElement>();

/** Where each open dialog returns focus, best first: kept so a dialog opened from inside it can fall back to it. */
const returnTargets = new WeakMap<Element, RefObject<HTMLElement[]>>();

/**
 * The element that last took focus. A dialog whose code loads as it is first opened renders a moment
 * later; if a menu item opened it, focus may then be on nothing: the item is gone with its closing
 * menu and the menu's button has not taken focus back yet. The dialog then returns focus to where the
 * item would have sent it (its menu's button) instead of to the page's body.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

/**
 * Where focus goes back to when a dialog opened from `element` closes, best first: the element
 * itself; for a menu item (gone once its menu closes) the menu's button; for an element inside
 * another dialog (the drawer, which closes as the new dialog opens) that dialog's own targets.
 */
function returnTargetsFor(element: HTMLElement): HTMLElement[] {
  const targets = [element];
  const menu = element.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  if (trigger) targets.push(...returnTargetsFor(trigger));
  const dialog = element.closest(DIALOG);
  if (dialog) targets.push(...(returnTargets.get(dialog)?.current ?? []));
  return targets;
}

/** Focus is already in a dialog that `except` (an element outside it, or none) does not live in. */
export function focusIsInAnotherDialog(except?: Element | null): boolean {
  const holder = document.activeElement?.closest(DIALOG);
  return Boolean(holder?.isConnected && !(except && holder.contains(except)));
}

/**
 * When a dialog is open that `except` (the element a closing menu or drawer would hand focus to) does
 * not live in, focus belongs in that dialog: put it back there if it is elsewhere and answer true.
 *
 * A menu or drawer closes with an animation while the dialog one of its items opened is already
 * showing. Chosen with the pointer, the closing menu's focus trap can pull focus back to itself before
 * the dialog's trap starts; when the menu then goes, it would hand focus to its button behind the
 * dialog's overlay, where the keyboard can reach nothing.
 */
export function keepFocusInOpenDialog(except?: Element | null): boolean {
  const dialog = [...document.querySelectorAll<HTMLElement>(OPEN_DIALOG)].filter((element) => !(except && element.contains(except))).at(-1);
  if (!dialog) return false;
  if (!dialog.contains(document.activeElement)) {
    const last = lastFocusInside.get(dialog);
    const target = last?.isConnected && dialog.contains(last) ? last : (dialog.querySelector<HTMLElement>(TABBABLE) ?? dialog);
    target.focus();
  }
  return true;
}

/** Records, as it first renders, what had focus when its dialog opened (see useReturnFocus). */
function FocusOrigin({ record }: { record: () => void }) {
  useState(record);
  return null;
}

/**
 * Radix returns focus to a dialog's own Trigger only. A dialog opened from elsewhere (a header button,
 * a menu item, the drawer) would drop focus on <body>; this remembers what had focus on open and
 * returns there, or to the nearest thing still on the page that led to it, so a keyboard user keeps
 * their place.
 *
 * What had focus is read while the dialog's content first renders (`origin`, placed inside it):
 * by the time Radix's open-focus event fires an `autoFocus` field has already taken focus, and
 * Radix then skips that event altogether.
 */
export function useReturnFocus(props: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const targets = useRef<HTMLElement[]>([]);
  const record = () => {
    const active = document.activeElement;
    const origin = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
    targets.current = origin ? returnTargetsFor(origin) : [];
  };
  return {
    origin: <FocusOrigin record={record} />,
    contentProps: {
      ref(element: HTMLElement | null) {
        if (element) returnTargets.set(element, targets);
      },
      onOpenAutoFocus: props.onOpenAutoFocus,
      onFocus(event: FocusEvent<HTMLElement>) {
        if (event.target instanceof HTMLElement) lastFocusInside.set(event.currentTarget, event.target);
      },
      onCloseAutoFocus(event: Event) {
        props.onCloseAutoFocus?.(event);
        if (event.defaultPrevented) return;
        const target = targets.current.find((element) => element.isConnected);
        targets.current = [];
        // The drawer, closing as a dialog opened from it takes focus, leaves focus in that dialog (and
        // gives it back to that dialog if the drawer's menu pulled it away meanwhile).
        if (focusIsInAnotherDialog() || keepFocusInOpenDialog(target)) {
          event.preventDefault();
          return;
        }
        if (target) {
          event.preventDefault();
          target.focus();
        }
      },
    },
  };
}
