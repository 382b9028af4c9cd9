import type { ReactNode } from 'react';
import { Link } from 'wouter';

export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

const BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 text-base font-semibold transition-colors duration-150';
const VARIANTS = {
  primary: 'bg-accent text-accent-ink shadow-sm hover:bg-accent-hover',
  secondary: 'border border-line bg-surface text-ink hover:bg-muted',
} as const;

/** A link styled as a button; a client-side navigation inside the app, a plain link on the static page. */
export function ButtonLink(props: { href: string; variant?: keyof typeof VARIANTS; className?: string; children: ReactNode }) {
  return (
    <Link href={props.href} className={`${BUTTON} ${VARIANTS[props.variant ?? 'primary']} ${props.className ?? ''}`}>
      {props.children}
    </Link>
  );
}

export function SectionHeading(props: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">{props.eyebrow}</p>
      <h2 id={props.id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {props.title}
      </h2>
      {props.children && <p className="mt-4 text-lg text-pretty text-ink-muted">{props.children}</p>}
    </div>
  );
}

/** The Spindle mark: a record with an amber label, as in the favicon. */
export function SpindleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      {/* The rim keeps the black record visible on the dark theme's charcoal. */}
      <circle cx="32" cy="32" r="30" fill="#1f1b16" stroke="#5f574c" strokeWidth="2" />
      <circle cx="32" cy="32" r="22" fill="none" stroke="#4a4238" strokeWidth="1.5" />
      <circle cx="32" cy="32" r="16" fill="none" stroke="#4a4238" strokeWidth="1.5" />
      <circle cx="32" cy="32" r="10" fill="#d97706" />
      <circle cx="32" cy="32" r="2.5" fill="#faf7f2" />
    </svg>
  );
}

export function Brand() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight">
      <SpindleMark className="size-8" />
      Spindle
    </span>
  );
}
