import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { focusIsInAnotherDialog, keepFocusInOpenDialog } from './use-return-focus';

/*
 * Radix DropdownMenu: arrow keys, typeahead (resets after 1000 ms,
 * docs/product/landing.md#interface-constants), Escape returns focus.
 */
export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

export function DropdownMenuContent({ className, sideOffset = 6, align = 'end', onCloseAutoFocus, ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
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
