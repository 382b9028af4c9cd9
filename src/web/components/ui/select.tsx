import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { memo, useState } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  id?: string;
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/**
 * A Radix Select with a field-like trigger. Radix reserves the empty string for "no value", so a
 * cleared select takes `undefined` and shows the placeholder.
 *
 * Its list of options is mounted the first time it opens, not with the trigger: a closed Radix list
 * still renders every option (into a detached fragment, set up by a state change right after the
 * first commit), and the home's toolbar of four selects did that synchronously, all at once, as the
 * server-drawn home was taken over (blocking time on a phone's first visit, bench/home-lighthouse-cold).
 * Arrows, Enter, Space and a click open it as before. Memoized: a toolbar re-rendered for a typed
 * letter passes each select the same props (stable handlers), and Radix's providers are not rebuilt.
 */
export const Select = memo(function Select({ id, value, onValueChange, options, placeholder, disabled, className, name, ...aria }: SelectProps) {
  const [opened, setOpened] = useState(false);
  return (
    <SelectPrimitive.Root
      value={value === '' ? undefined : value}
      onValueChange={onValueChange}
      onOpenChange={(open) => open && setOpened(true)}
      disabled={disabled}
      name={name}
    >
      <SelectPrimitive.Trigger
        id={id}
        // Radix's Value takes no class: its span (the first child) is cut with "…" here, so a long name stays in the field.
        className={cn(
          fieldClasses,
          'flex h-10 items-center justify-between gap-2 text-left data-[placeholder]:text-ink-muted [&>span:first-child]:min-w-0 [&>span:first-child]:truncate',
          className,
        )}
        {...aria}
      >
        {/* The label as text, not Radix's copy of the chosen item: it shows in a server-drawn page too. */}
        <SelectPrimitive.Value placeholder={placeholder}>
          {options.find((option) => option.value === value)?.label}
        </SelectPrimitive.Value>
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden className="size-4 text-ink-muted" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      {opened && (
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className={cn(
              'z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] max-w-[var(--radix-select-content-available-width)] min-w-[var(--radix-select-trigger-width)] overflow-hidden',
              'rounded-lg border border-line bg-surface text-ink shadow-lg data-[state=open]:animate-[pop-in_150ms_ease-out]',
            )}
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((option) => (
                <SelectPrimitive.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-default items-center rounded-md py-2 pr-3 pl-8 text-sm outline-none select-none data-[highlighted]:bg-muted data-[disabled]:opacity-50"
                >
                  <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex">
                    <Check aria-hidden className="size-4 text-accent" />
                  </SelectPrimitive.ItemIndicator>
                  <span className="min-w-0 wrap-anywhere">
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  </span>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      )}
    </SelectPrimitive.Root>
  );
});
