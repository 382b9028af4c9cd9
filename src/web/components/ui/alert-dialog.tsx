import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';
import { overlayClasses, useHandedOnEscape } from './dialog';
import { Spinner } from './spinner';
import { useReturnFocus } from './use-return-focus';

export const AlertDialog = AlertDialogPrimitive.Root;

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  /** Keeps the dialog open with a busy confirm button while the action runs. */
  loading?: boolean;
  onConfirm: () => void;
}

/**
 * A confirmation (425 px, docs/product/landing.md#interface-constants). Cancel gets the initial focus, so
 * Enter never destroys by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  loading = false,
  onConfirm,
}: ConfirmDialogProps) {
  const focus = useReturnFocus({});
  const { closeRef, onKeyDown: onKeyDownHandingOn } = useHandedOnEscape();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const wasLoading = useRef(false);
  useEffect(() => {
    // The busy button is disabled, which drops the focus out of the dialog: when the action fails and
    // the dialog stays, the focus comes back to it, so Escape and Tab still act on the dialog.
    const button = confirmRef.current;
    if (wasLoading.current && !loading && open && button && !button.closest('[role="alertdialog"]')?.contains(document.activeElement)) button.focus();
    wasLoading.current = loading;
  }, [loading, open]);
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content
          {...focus.contentProps}
          onKeyDown={onKeyDownHandingOn}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-[425px] -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4',
            'rounded-2xl border border-line bg-surface p-6 text-ink shadow-xl',
            'data-[state=open]:animate-[content-in_180ms_ease-out] data-[state=closed]:animate-[content-out_150ms_ease-in]',
          )}
        >
          {focus.origin}
          <div className="grid min-w-0 gap-1.5 wrap-anywhere">
            <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-ink-muted">{description}</AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel ref={closeRef} className={buttonClasses('secondary')}>{cancelLabel}</AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              ref={confirmRef}
              className={buttonClasses(destructive ? 'danger' : 'primary')}
              disabled={loading}
              aria-busy={loading || undefined}
              onClick={(event) => {
                // The caller closes the dialog when its action has finished.
                event.preventDefault();
                onConfirm();
              }}
            >
              {loading && <Spinner />}
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
