import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block where content will appear (skeletons, not spinners, for parts of a page: the layout does not jump). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
