import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { isHandedOnEscape } from './escape-handoff';
import { useReturnFocus } from './use-return-focus';

/*
 * Radix Dialog: Escape and the overlay close it, focus is trapped inside and returns to the trigger.
 * Widths follow docs/product/landing.md#interface-constants: forms 500 px, confirm and share 425 px.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * Closes the dialog on an Escape that a toast above it handed on, by pressing the dialog's own close
 * button (`closeRef`), so Radix closes it as it would on its own Escape.
 */
export function useHandedOnEscape(onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return {
    closeRef,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      onKeyDown?.(event);
      if (event.key === 'Escape' && isHandedOnEscape(event.nativeEvent)) closeRef.current?.click();
    },
  };
}

const widths = { sm: 'max-w-[425px]', md: 'max-w-[500px]', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

export const overlayClasses =
  'fixed inset-0 z-50 bg-black/45 backdrop-blur-[2px] data-[state=open]:animate-[overlay-in_150ms_ease-out] data-[state=closed]:animate-[overlay-out_150ms_ease-in]';

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  /** Hides the title visually (it stays for screen readers). */
  hideTitle?: boolean;
}

export function DialogContent({
  title,
  description,
  size = 'md',
  hideTitle,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onKeyDown,
  ...props
}: DialogContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const { closeRef, onKeyDown: onKeyDownHandingOn } = useHandedOnEscape(onKeyDown);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4 overflow-y-auto',
          'rounded-2xl border border-line bg-surface p-6 text-ink shadow-xl',
          'data-[state=open]:animate-[content-in_180ms_ease-out] data-[state=closed]:animate-[content-out_150ms_ease-in]',
          widths[size],
          className,
        )}
        // Without a description Radix expects an explicit "none".
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        {...focus.contentProps}
        onKeyDown={onKeyDownHandingOn}
      >
        {focus.origin}
        <div className={cn('grid min-w-0 gap-1.5 pr-8 wrap-anywhere', hideTitle && 'sr-only')}>
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          {description && <DialogPrimitive.Description className="text-sm text-ink-muted">{description}</DialogPrimitive.Description>}
        </div>
        {children}
        <DialogPrimitive.Close ref={closeRef} aria-label="Close" className="absolute top-4 right-4 rounded-md p-1 text-ink-muted transition-colors hover:bg-muted hover:text-ink">
          <X aria-hidden className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A panel sliding in from the left: the sidebar on narrow screens (a drawer at ≤ 768 px, docs/product/collections.md#home). */
export function DrawerContent({
  title,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onKeyDown,
  ...props
}: Omit<DialogContentProps, 'size' | 'description' | 'hideTitle'>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const { closeRef, onKeyDown: onKeyDownHandingOn } = useHandedOnEscape(onKeyDown);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-80 flex-col border-r border-line bg-surface text-ink shadow-xl',
          'data-[state=open]:animate-[drawer-in_200ms_ease-out] data-[state=closed]:animate-[drawer-out_150ms_ease-in]',
          className,
        )}
        {...props}
        {...focus.contentProps}
        onKeyDown={onKeyDownHandingOn}
      >
        {focus.origin}
        <div className="flex h-14 items-center justify-between border-b border-line px-4">
          <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close ref={closeRef} aria-label="Close" className="rounded-md p-1 text-ink-muted transition-colors hover:bg-muted hover:text-ink">
            <X aria-hidden className="size-4" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Buttons of a dialog: primary on the right (on top on a phone), the same place in every dialog. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
