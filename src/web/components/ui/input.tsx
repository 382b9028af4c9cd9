import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const fieldClasses = cn(
  'w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs transition-colors',
  'placeholder:text-ink-muted/70 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40',
  'aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
);

export function Input({ className, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  // :read-only only on text controls: on a button (the Select trigger) it always matches.
  return <input ref={ref} className={cn(fieldClasses, 'h-10 read-only:bg-muted', className)} {...props} />;
}

export function Textarea({ className, ref, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn(fieldClasses, 'min-h-24 py-2 read-only:bg-muted', className)} {...props} />;
}
