import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A small toast store (docs/product/landing.md#interface-constants): at most one toast visible,
 * 5000 ms by default, and a dismissed toast stays in the store for 1,000,000 ms before removal
 * (so its exit animation is never cut).
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself. */
  duration?: number;
  action?: ReactNode;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Closes the open error toasts: kept for what they refused, they do not apply to another form. */
export function dismissErrorToasts(): void {
  for (const t of toasts) if (t.open && t.variant === 'destructive') dismissToast(t.id);
}

/**
 * On leaving a page (or when `step` changes, such as sign-in to register), its error toasts close: an
 * "Invalid username or password" must not follow onto "Check your email". Success toasts stay, since
 * they report what was just done ("Account created" as the home opens).
 */
export function useDismissErrorToastsOnLeave(step?: string): void {
  useEffect(() => () => dismissErrorToasts(), [step]);
}

/** Shows a toast; the newest replaces what is on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void; update: (next: ToastOptions) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

/** The toasts in the store, newest first (open and recently dismissed). */
export function getToasts(): readonly ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getToasts, getToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}

/** The Error toast of every failure (e.g. docs/product/collections.md#dialogs): title Error, destructive. */
export function errorToast(description: ReactNode): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}
