import { ScrollArea as ScrollAreaPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** docs/product/landing.md#interface-constants: scrollbars hide 600 ms after the pointer leaves. */
export const SCROLL_HIDE_DELAY_MS = 600;

export function ScrollArea({ className, children, ...props }: ComponentProps<typeof ScrollAreaPrimitive.Root>) {
  return (
    <ScrollAreaPrimitive.Root type="hover" scrollHideDelay={SCROLL_HIDE_DELAY_MS} className={cn('relative overflow-hidden', className)} {...props}>
      {/* Radix wraps the content in a display:table box that grows to its widest line: a long name would
          widen the list past its column instead of ending in "…". */}
      <ScrollAreaPrimitive.Viewport className="size-full rounded-[inherit] [&>div]:block!">{children}</ScrollAreaPrimitive.Viewport>
      <ScrollAreaPrimitive.Scrollbar orientation="vertical" className="flex w-2.5 touch-none p-0.5 select-none">
        <ScrollAreaPrimitive.Thumb className="relative flex-1 rounded-full bg-line" />
      </ScrollAreaPrimitive.Scrollbar>
      <ScrollAreaPrimitive.Corner />
    </ScrollAreaPrimitive.Root>
  );
}
