import { Link } from 'wouter';
import { Brand, CONTAINER } from './ui';

const SECTIONS = [
  ['#features', 'Features'],
  ['#screenshots', 'Screenshots'],
  ['#pricing', 'Pricing'],
  ['#faq', 'FAQ'],
] as const;

export function LandingHeader() {
  return (
    <header className="border-b border-line/70">
      <div className={`${CONTAINER} flex h-16 items-center justify-between gap-4`}>
        <a href="#top" className="rounded-md" aria-label="Spindle, back to the top">
          <Brand />
        </a>
        <nav aria-label="Sections" className="hidden items-center gap-6 text-sm font-medium text-ink-muted md:flex">
          {SECTIONS.map(([href, label]) => (
            <a key={href} href={href} className="rounded-sm transition-colors hover:text-ink">
              {label}
            </a>
          ))}
        </nav>
        <Link
          href="/auth?mode=login"
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-ink hover:bg-muted"
        >
          Sign In
        </Link>
      </div>
    </header>
  );
}
