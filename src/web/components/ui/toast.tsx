import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { handEscapeToDialog } from './escape-handoff';
import { dismissToast, TOAST_DURATION_MS, useToast, type ToastVariant } from './use-toast';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-line bg-surface text-ink',
  success: 'border-success/40 bg-surface text-ink',
  destructive: 'border-danger bg-danger text-danger-ink',
};

/** Renders the toast store with Radix Toast: swipe right past 50 px to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', duration, action, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          data-variant={variant}
          onEscapeKeyDown={handEscapeToDialog}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-[toast-in_180ms_ease-out] data-[state=closed]:animate-[toast-out_150ms_ease-in]',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:animate-[toast-swipe-out_150ms_ease-out]',
            variantClass[variant],
          )}
        >
          {variant === 'success' && <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />}
          {variant === 'destructive' && <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />}
          <div className="grid min-w-0 gap-1 wrap-anywhere">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className={cn('text-sm', variant === 'destructive' ? 'opacity-95' : 'text-ink-muted')}>
                {description}
              </ToastPrimitive.Description>
            )}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="toast-viewport fixed top-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-4 sm:right-4"
      />
    </ToastPrimitive.Provider>
  );
}
