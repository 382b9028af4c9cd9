import {
  ChartColumn,
  ChevronDown,
  CreditCard,
  Disc3,
  Download,
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
import { useTheme } from '../../../app/theme-provider';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useSessionUser, type SessionUser } from '../../../lib/session';
import { useLogout } from '../../auth/api';

export interface AppHeaderProps {
  /** Share Collection: opens the share dialog for the selected collection. */
  onShare: () => void;
  /** Export to CSV. */
  onExport: () => void;
  /** Opens the collections drawer (narrow screens only; the button hides when absent). */
  onOpenSidebar?: () => void;
}

function displayName(user: SessionUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username;
}

function initials(user: SessionUser): string {
  const letters = [user.firstName, user.lastName].filter(Boolean).map((part) => part!.trim()[0]);
  return (letters.length ? letters.join('') : user.username.slice(0, 1)).toUpperCase();
}

/** The top bar of the collection home with the header menu of spec 1 §2. */
export function AppHeader({ onShare, onExport, onOpenSidebar }: AppHeaderProps) {
  const { user } = useSessionUser();
  const { resolvedTheme, setTheme } = useTheme();
  const logout = useLogout();
  const dark = resolvedTheme === 'dark';

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/75">
      <div className="flex h-16 items-center gap-2 px-4 sm:px-6">
        {onOpenSidebar && (
          <Button variant="ghost" size="icon" className="-ml-2 min-[769px]:hidden" aria-label="Open collections" onClick={onOpenSidebar}>
            <PanelLeft aria-hidden />
          </Button>
        )}
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
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
                  <span aria-hidden className="grid size-8 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent-strong">
                    {initials(user)}
                  </span>
                  <span className="sr-only">Open menu for </span>
                  <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{displayName(user)}</span>
                  <ChevronDown aria-hidden className="text-ink-muted" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuLabel className="grid gap-0.5">
                  <span className="truncate text-sm text-ink">{displayName(user)}</span>
                  <span className="truncate font-normal">{user.username}</span>
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
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
                  <DropdownMenuItem onSelect={onShare}>
                    <Share2 aria-hidden />
                    Share Collection
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={onExport}>
                    <Download aria-hidden />
                    Export to CSV
                  </DropdownMenuItem>
                  <DropdownMenuItem asChild>
                    <Link href="/import">
                      <Upload aria-hidden />
                      Import from CSV
                    </Link>
                  </DropdownMenuItem>
                </DropdownMenuGroup>
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
