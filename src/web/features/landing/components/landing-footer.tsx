import { Link } from 'wouter';
import { Brand, CONTAINER } from './ui';

const LINKS = [
  ['/auth?mode=login', 'Sign In'],
  ['/auth?mode=register', 'Register'],
  ['/terms-of-service', 'Terms of Service'],
] as const;

export function LandingFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className={`${CONTAINER} flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:justify-between`}>
        <div>
          <Brand />
          <p className="mt-2 text-sm text-ink-muted">The record collection manager for everyday vinyl hobbyists.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-2 gap-y-1 text-sm font-medium">
            {LINKS.map(([href, label]) => (
              <li key={href}>
                <Link href={href} className="inline-flex min-h-11 items-center rounded-md px-2 text-ink-muted hover:text-ink">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={`${CONTAINER} pb-8 text-xs text-ink-muted`}>© {new Date().getFullYear()} Spindle. Made for the love of records.</p>
    </footer>
  );
}
