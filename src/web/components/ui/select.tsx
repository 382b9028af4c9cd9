import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { memo, useLayoutEffect, useRef, useState } from 'react';
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

/** The keys that open a closed Radix select. */
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

const focusVisible = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
};

/**
 * A Radix Select with a field-like trigger. Radix reserves the empty string for "no value", so a
 * cleared select takes `undefined` and shows the placeholder.
 *
 * It sleeps until it is first wanted: until then its field is a plain button that looks and reads the
 * same (a closed combobox), and Radix is not mounted. A mounted Radix select sets state several times
 * as it is first committed (its button, its value, its anchor), and a closed one renders every option
 * into a detached fragment: the home's toolbar of four selects did that synchronously, all at once, as
 * the server-drawn home was taken over (blocking time on a phone's first visit,
 * bench/home-lighthouse-cold). Focus from the keyboard wakes it (Radix's own field takes the focus
 * over), and so does a press: a mouse opens it at once, as Radix's would; a touch opens it with the
 * tap's click, and so does a click on its label; a key that opens Radix's opens it. Its list of
 * options is mounted the first time it opens. Memoized: a toolbar re-rendered for a typed letter
 * passes each select the same props (stable handlers).
 */
export const Select = memo(function Select({ id, value, onValueChange, options, placeholder, disabled, className, name, ...aria }: SelectProps) {
  const [awake, setAwake] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const focusWhenAwake = useRef(false);
  useLayoutEffect(() => {
    if (!awake || !focusWhenAwake.current) return;
    focusWhenAwake.current = false;
    trigger.current?.focus();
  }, [awake]);
  const wake = (open: boolean, focus: boolean) => {
    focusWhenAwake.current = focus;
    setOpened(open);
    setAwake(true);
  };
  const triggerClassName = cn(
    fieldClasses,
    'flex h-10 items-center justify-between gap-2 text-left data-[placeholder]:text-ink-muted [&>span:first-child]:min-w-0 [&>span:first-child]:truncate',
    className,
  );
  const noValue = value === undefined || value === '';
  // The label as text, not Radix's copy of the chosen item: it shows in a server-drawn page too.
  const label = options.find((option) => option.value === value)?.label;
  const icon = <ChevronDown aria-hidden className="size-4 text-ink-muted" />;

  if (!awake) {
    return (
      <button
        type="button"
        role="combobox"
        id={id}
        aria-expanded={false}
        aria-autocomplete="none"
        data-state="closed"
        disabled={disabled}
        data-disabled={disabled ? '' : undefined}
        data-placeholder={noValue ? '' : undefined}
        className={triggerClassName}
        {...aria}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          const mouse = event.pointerType === 'mouse';
          wake(mouse, false);
          // As Radix does for a mouse: the field does not take focus from the list that opens.
          if (mouse) event.preventDefault();
        }}
        // Focus from the keyboard; a click on the label focuses the field too, and its click follows.
        onFocus={(event) => focusVisible(event.currentTarget) && wake(false, true)}
        onKeyDown={(event) => {
          if (OPEN_KEYS.includes(event.key)) {
            wake(true, true);
            event.preventDefault();
          } else if (event.key.length === 1) wake(false, true);
        }}
        // A click that no press came before: its label's (or a tap's, from a screen reader).
        onClick={() => wake(true, false)}
      >
        <span style={{ pointerEvents: 'none' }}>{noValue ? placeholder : label}</span>
        <span aria-hidden>{icon}</span>
      </button>
    );
  }

  return (
    <SelectPrimitive.Root
      value={noValue ? undefined : value}
      onValueChange={onValueChange}
      defaultOpen={opened}
      onOpenChange={(open) => open && setOpened(true)}
      disabled={disabled}
      name={name}
    >
      <SelectPrimitive.Trigger ref={trigger} id={id} className={triggerClassName} {...aria}>
        <SelectPrimitive.Value placeholder={placeholder}>{label}</SelectPrimitive.Value>
        <SelectPrimitive.Icon>{icon}</SelectPrimitive.Icon>
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
