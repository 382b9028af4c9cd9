import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/** The props a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** The validation message, shown under its field rather than in a toast, so it is read where it is fixed. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label above, control, then hint and error under it. The rows pack at the top (`content-start`): in a
 * row of fields, one with a hint or an error is taller, and stretched rows would push its neighbours'
 * controls down out of line with it.
 */
export function FormField({ id, label, error, hint, required, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid min-w-0 grid-cols-1 content-start gap-1.5', className)}>
      {required ? (
        // The mark is shown from the first view, outside the label so the field's name stays its label
        // alone; aria-required tells assistive technology the same.
        <div className="flex items-baseline gap-0.5">
          <Label htmlFor={id}>{label}</Label>
          <span aria-hidden="true" className="text-sm text-danger" data-required-mark>
            *
          </span>
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
