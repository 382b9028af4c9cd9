import {
  AlarmClock,
  ChartColumn,
  ChevronDown,
  CreditCard,
  Disc3,
  Download,
  Heart,
  LogOut,
  Moon,
  PanelLeft,
  Share2,
  ShieldCheck,
  Store,
  Sun,
  Upload,
  UserRound,
} from 'lucide-react';
import { Link } from 'wouter';
import { useTheme } from './theme-provider';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { useSessionUser, type SessionUser } from '../lib/session';
import { formatCount } from '../lib/number-format';
import { useLogout } from '../features/auth/api';
import { arriveHomeAt } from '../lib/home-view-memory';

export interface AppHeaderProps {
  /** Share Collection: opens the share dialog for the selected collection (the item hides when absent). */
  onShare?: () => void;
  /** Export to CSV (the item hides when absent). */
  onExport?: () => void;
  /** Opens the collections drawer (narrow screens only; the button hides when absent). */
  onOpenSidebar?: () => void;
  /** Albums overdue across every collection; the menu says so when there are any. */
  overdueCount?: number;
  /**
   * The user's access is gated (an expired trial, an inactive subscription): the menu offers only
   * what still works for them, the subscription, the theme and logging out.
   */
  gated?: boolean;
}

/** Where the overdue albums are listed across collections, oldest loan first. */
export const OVERDUE_LOANS_HREF = '/analytics#overdue-loans';

export const overdueText = (count: number) => (count === 1 ? '1 record overdue' : `${formatCount(count)} records overdue`);

function displayName(user: SessionUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username;
}

function initials(user: SessionUser): string {
  const letters = [user.firstName, user.lastName].filter(Boolean).map((part) => part!.trim()[0]);
  return (letters.length ? letters.join('') : user.username.slice(0, 1)).toUpperCase();
}

/**
 * The top bar of every signed-in page (the home draws it itself, the other pages get it from the
 * app's frame): the logo home and the header menu (docs/product/collections.md#menu), so any page leads anywhere.
 */
export function AppHeader({ onShare, onExport, onOpenSidebar, overdueCount = 0, gated = false }: AppHeaderProps) {
  const { user } = useSessionUser();
  const { resolvedTheme, setTheme } = useTheme();
  const logout = useLogout();
  const dark = resolvedTheme === 'dark';

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/75">
      <div className="flex h-16 items-center gap-2 px-4 sm:px-6">
        {onOpenSidebar && (
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 min-[769px]:hidden"
            aria-label="Open collections"
            onClick={onOpenSidebar}
          >
            <PanelLeft aria-hidden />
          </Button>
        )}
        {/* The home link leads to the top of the home, not back to where it was scrolled. */}
        <Link
          href="/"
          onClick={() => arriveHomeAt({ kind: 'top' })}
          className="flex items-center gap-2 text-lg font-semibold tracking-tight"
        >
          <Disc3 aria-hidden className="size-6 text-accent" />
          Spindle
        </Link>
        <div className="ml-auto">
          {user && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                {/* Named by its content, not aria-label: the name then holds the visible text (axe's
                    label-content-name-mismatch), and narrow screens keep the name for screen readers only. */}
                <Button variant="ghost" className="gap-2 pr-2 pl-1.5">
                  <span
                    aria-hidden
                    className="grid size-8 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent-strong"
                  >
                    {initials(user)}
                  </span>
                  <span className="sr-only">Open menu for </span>
                  <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{displayName(user)}</span>
                  {overdueCount > 0 && !gated && (
                    <span
                      className="grid min-w-5 place-items-center rounded-full bg-danger px-1.5 text-xs leading-5 font-semibold text-danger-ink tabular-nums"
                      data-testid="header-overdue-badge"
                    >
                      <span className="sr-only">, </span>
                      {formatCount(overdueCount)}
                      <span className="sr-only"> overdue</span>
                    </span>
                  )}
                  <ChevronDown aria-hidden className="text-ink-muted" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuLabel className="grid gap-0.5">
                  <span className="truncate text-sm text-ink">{displayName(user)}</span>
                  <span className="truncate font-normal">{user.username}</span>
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                {gated ? (
                  <DropdownMenuItem asChild>
                    <Link href="/subscription">
                      <CreditCard aria-hidden />
                      Subscription
                    </Link>
                  </DropdownMenuItem>
                ) : (
                  <FullMenu user={user} onShare={onShare} onExport={onExport} overdueCount={overdueCount} />
                )}
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => setTheme(dark ? 'light' : 'dark')}>
                  {dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
                  {dark ? 'Light mode' : 'Dark mode'}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
                  <LogOut aria-hidden />
                  Logout
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </div>
    </header>
  );
}

/** The menu's pages and collection actions, for a user whose access is not gated. */
function FullMenu({
  user,
  onShare,
  onExport,
  overdueCount,
}: { user: SessionUser } & Pick<AppHeaderProps, 'onShare' | 'onExport' | 'overdueCount'>) {
  return (
    <>
      {overdueCount !== undefined && overdueCount > 0 && (
        <>
          <DropdownMenuItem asChild className="text-danger">
            <Link href={OVERDUE_LOANS_HREF} data-testid="menu-overdue-loans">
              <AlarmClock aria-hidden />
              {overdueText(overdueCount)}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
        </>
      )}
      <DropdownMenuGroup>
        <DropdownMenuItem asChild>
          <Link href="/analytics">
            <ChartColumn aria-hidden />
            Analytics
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <UserRound aria-hidden />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/subscription">
            <CreditCard aria-hidden />
            Subscription
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/wishlist">
            <Heart aria-hidden />
            Wish List
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/record-stores">
            <Store aria-hidden />
            Record Stores
          </Link>
        </DropdownMenuItem>
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <ShieldCheck aria-hidden />
              Admin Dashboard
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuGroup>
      <DropdownMenuSeparator />
      <DropdownMenuGroup>
        {onShare && (
          <DropdownMenuItem onSelect={onShare}>
            <Share2 aria-hidden />
            Share Collection
          </DropdownMenuItem>
        )}
        {onExport && (
          <DropdownMenuItem onSelect={onExport}>
            <Download aria-hidden />
            Export to CSV
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link href="/import">
            <Upload aria-hidden />
            Import from CSV
          </Link>
        </DropdownMenuItem>
      </DropdownMenuGroup>
    </>
  );
}
