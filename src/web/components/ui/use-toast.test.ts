import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissErrorToasts, dismissToast, getToasts, toast, TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './use-toast';

describe('toast store (docs/product/landing.md#interface-constants)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('shows at most one toast: the newest replaces what is on screen', () => {
    toast({ title: 'Collection created' });
    toast({ title: 'Error', description: 'No collection selected to share', variant: 'destructive' });
    expect(TOAST_LIMIT).toBe(1);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Error', description: 'No collection selected to share', variant: 'destructive', open: true });
  });

  it('a dismissed toast closes at once and leaves the store 1,000,000 ms later', () => {
    const shown = toast({ title: 'Link copied' });
    shown.dismiss();
    expect(getToasts()[0]).toMatchObject({ id: shown.id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('closes the open error toast when its page is left, and leaves a success toast open', () => {
    toast({ title: 'Error', description: 'Invalid username or password', variant: 'destructive' });
    dismissErrorToasts();
    expect(getToasts()[0]).toMatchObject({ description: 'Invalid username or password', open: false });
    toast({ title: 'Account created', variant: 'success' });
    dismissErrorToasts();
    expect(getToasts()[0]).toMatchObject({ title: 'Account created', open: true });
  });
});
