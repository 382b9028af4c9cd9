import { DropdownMenu as MenuPrimitive, Slot } from 'radix-ui';
import { createContext, useCallback, useContext, useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { focusIsInAnotherDialog, keepFocusInOpenDialog } from './use-return-focus';

/*
 * Radix DropdownMenu: arrow keys, typeahead (resets after 1000 ms,
 * docs/product/landing.md#interface-constants), Escape returns focus.
 *
 * A menu sleeps until it is first wanted: its button is a plain one, and its list is not mounted. A
 * mounted Radix button and list each set state as they are first committed, which on the collection
 * home (a menu per collection, the account menu) was a synchronous re-render of them all right after
 * the server-drawn page was taken over (blocking time on a phone's first visit,
 * bench/home-lighthouse-cold). The press that opens a menu wakes it: the button is then Radix's own,
 * and the menu opens as it would have.
 */

/** Present while the menu sleeps: wakes it, opening it at once when `open` is true. */
const WakeMenu = createContext<((open: boolean) => void) | null>(null);

export function DropdownMenu({ open: openProp, defaultOpen = false, onOpenChange, children, ...props }: ComponentProps<typeof MenuPrimitive.Root>) {
  const [awake, setAwake] = useState(false);
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const wake = useCallback(
    (openNow: boolean) => {
      setAwake(true);
      if (openNow) setOpen(true);
    },
    [setOpen],
  );
  return (
    <MenuPrimitive.Root open={open} onOpenChange={setOpen} {...props}>
      <WakeMenu.Provider value={awake || open ? null : wake}>{children}</WakeMenu.Provider>
    </MenuPrimitive.Root>
  );
}

/** Radix's trigger once the menu is awake; before, a button that looks and reads the same (closed) and opens it as Radix's would. */
export function DropdownMenuTrigger({ asChild, disabled, onPointerDown, onKeyDown, ...props }: ComponentProps<typeof MenuPrimitive.Trigger>) {
  const wake = useContext(WakeMenu);
  if (!wake) return <MenuPrimitive.Trigger asChild={asChild} disabled={disabled} onPointerDown={onPointerDown} onKeyDown={onKeyDown} {...props} />;
  const Button = asChild ? Slot.Root : 'button';
  return (
    <Button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      {...props}
      onPointerDown={(event) => {
        onPointerDown?.(event);
        if (event.defaultPrevented || disabled || event.button !== 0 || event.ctrlKey) return;
        wake(true);
        // As Radix does: the button does not take focus from the menu that opens.
        event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || disabled || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        wake(true);
        event.preventDefault();
      }}
    />
  );
}

export const DropdownMenuGroup = MenuPrimitive.Group;

export function DropdownMenuContent({ className, sideOffset = 6, align = 'end', onCloseAutoFocus, ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  if (useContext(WakeMenu)) return null;
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          // An item opened a dialog: handing focus back to the menu's button after the closing
          // animation would leave the dialog without it, so it stays in (or goes back to) the dialog.
          const trigger = document.getElementById((event.currentTarget as Element | null)?.getAttribute('aria-labelledby') ?? '');
          if (focusIsInAnotherDialog(trigger) || keepFocusInOpenDialog(trigger)) event.preventDefault();
        }}
        className={cn(
          'z-50 min-w-56 overflow-hidden rounded-xl border border-line bg-surface p-1 text-ink shadow-lg',
          'origin-[var(--radix-dropdown-menu-content-transform-origin)] data-[state=open]:animate-[pop-in_150ms_ease-out] data-[state=closed]:animate-[pop-out_120ms_ease-in]',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, destructive, ...props }: ComponentProps<typeof MenuPrimitive.Item> & { destructive?: boolean }) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none select-none',
        'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-ink-muted',
        destructive && 'text-danger [&_svg]:text-danger',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn('px-2.5 py-2 text-xs font-medium text-ink-muted', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-line', className)} {...props} />;
}
