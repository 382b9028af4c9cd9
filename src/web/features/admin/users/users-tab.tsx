import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { ADMIN_USER_TOASTS, type AdminUser } from '../../../../common/admin-users.schemas';
import type { AccountStatus } from '../../../../common/constants';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorToast, toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/number-format';
import { useIsNarrow } from '../../../lib/use-is-narrow';
import { adminUsersQuery, useDeleteUser, useMakeAdmin, useSetUserStatus } from './api';
import { EditUserDialog } from './components/edit-user-dialog';
import { ManageSubscriptionDialog } from './components/manage-subscription-dialog';
import { UserActionsMenu, type UserActions } from './components/user-actions-menu';
import { AccountStatusBadge, AdminBadge, SubscriptionBadge } from './components/user-badges';
import { filterUsers, formatDate, pageOf, trialLine, USERS_PAGE_SIZE } from './user-rules';

const COLUMNS = ['Username', 'Email', 'Created', 'Status', 'Subscription', 'Role', 'Collections', 'Albums', 'Actions'] as const;

/** A failure toast: the product's text as the title, the server's reason (self or last-administrator protection) under it. */
function failureToast(title: string, error: unknown) {
  toast({ title, description: isApiError(error) ? error.serverMessage : undefined, variant: 'destructive' });
}

/** The admin dashboard's Users tab (docs/product/admin.md#users): search and paging over the list the server sends. */
export function UsersTab() {
  const usersQuery = useQuery(adminUsersQuery());
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [subscribing, setSubscribing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const setStatus = useSetUserStatus();
  const makeAdmin = useMakeAdmin();
  const deleteUser = useDeleteUser();
  const searchId = useId();

  useEffect(() => {
    if (usersQuery.isError) errorToast(ADMIN_USER_TOASTS.loadFailed);
  }, [usersQuery.isError, usersQuery.errorUpdatedAt]);

  const matching = useMemo(() => filterUsers(usersQuery.data ?? [], deferredSearch), [usersQuery.data, deferredSearch]);
  const shown = pageOf(matching, page);

  const narrow = useIsNarrow();
  const actions: UserActions = {
    setStatus: (user: AdminUser, status: AccountStatus) =>
      setStatus.mutate(
        { id: user.id, status },
        {
          onSuccess: () => toast({ title: ADMIN_USER_TOASTS.statusUpdated(status), variant: 'success' }),
          onError: (error) => failureToast(ADMIN_USER_TOASTS.statusFailed, error),
        },
      ),
    makeAdmin: (user) =>
      makeAdmin.mutate(
        { id: user.id },
        {
          onSuccess: () => toast({ title: ADMIN_USER_TOASTS.madeAdmin, variant: 'success' }),
          onError: (error) => failureToast(ADMIN_USER_TOASTS.makeAdminFailed, error),
        },
      ),
    edit: setEditing,
    manageSubscription: setSubscribing,
    remove: setDeleting,
  };

  function confirmDelete() {
    if (!deleting) return;
    deleteUser.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          toast({ title: ADMIN_USER_TOASTS.deleted, variant: 'success' });
          setDeleting(null);
        },
        onError: (error) => {
          failureToast(ADMIN_USER_TOASTS.deleteFailed, error);
          setDeleting(null);
        },
      },
    );
  }

  const total = usersQuery.data?.length ?? 0;
  const first = matching.length === 0 ? 0 : (shown.page - 1) * USERS_PAGE_SIZE + 1;
  const last = Math.min(shown.page * USERS_PAGE_SIZE, matching.length);

  return (
    <Card className="min-w-0">
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold tracking-tight">Users</h2>
          <p className="text-sm text-ink-muted tabular-nums" aria-live="polite">
            {usersQuery.isPending ? 'Loading users…' : `${formatCount(total)} ${total === 1 ? 'user' : 'users'}`}
          </p>
        </div>
        <div className="relative w-full sm:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            Search users
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by name or email"
            className="pl-9"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>

      {usersQuery.isError ? (
        <EmptyState
          icon={Users}
          title="Users could not be loaded"
          text={ADMIN_USER_TOASTS.loadFailed}
          action={<Button onClick={() => void usersQuery.refetch()}>Try Again</Button>}
        />
      ) : !usersQuery.isPending && matching.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No users found"
          text={search ? 'No user matches this search. Try another name or e-mail.' : 'Nobody has registered yet.'}
          action={
            search ? (
              <Button variant="secondary" onClick={() => setSearch('')}>
                Clear Search
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          {narrow ? (
            <UserCards loading={usersQuery.isPending} users={shown.rows} actions={actions} />
          ) : (
            /* Above 768 px the table; should it still be wider than its card, it scrolls inside it. */
            <div className="relative overflow-x-auto border-t border-line" role="region" aria-label="Users table" tabIndex={0}>
              <table className="w-full min-w-[960px] text-left text-sm">
                <thead className="bg-muted/50 text-xs font-medium text-ink-muted">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className={`px-4 py-3 whitespace-nowrap ${column === 'Collections' || column === 'Albums' ? 'text-right' : ''} ${column === 'Actions' ? 'text-right' : ''}`}
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {usersQuery.isPending
                    ? Array.from({ length: 6 }, (_, row) => (
                        <tr key={row}>
                          {COLUMNS.map((column) => (
                            <td key={column} className="px-4 py-3">
                              <Skeleton className="h-4 w-full max-w-32" />
                            </td>
                          ))}
                        </tr>
                      ))
                    : shown.rows.map((user) => <UserRow key={user.id} user={user} actions={actions} />)}
                </tbody>
              </table>
            </div>
          )}
          {!usersQuery.isPending && (
            <nav
              aria-label="Users pages"
              className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm sm:px-6"
            >
              <p className="text-ink-muted tabular-nums">
                Showing {formatCount(first)}–{formatCount(last)} of {formatCount(matching.length)}
              </p>
              <div className="flex items-center gap-2">
                <Button variant="secondary" size="sm" disabled={shown.page <= 1} onClick={() => setPage(shown.page - 1)}>
                  <ChevronLeft aria-hidden />
                  Previous
                </Button>
                <span className="text-ink-muted tabular-nums">
                  Page {shown.page} of {shown.pages}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={shown.page >= shown.pages}
                  onClick={() => setPage(shown.page + 1)}
                >
                  Next
                  <ChevronRight aria-hidden />
                </Button>
              </div>
            </nav>
          )}
        </>
      )}

      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ManageSubscriptionDialog user={subscribing} onClose={() => setSubscribing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete User?"
        description="This will permanently delete the user account and all associated collections and albums. This action cannot be undone."
        confirmLabel="Delete"
        destructive
        loading={deleteUser.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}

/**
 * At 768 px and below each user is a card: nine columns in a sideways scroller cut off the status and
 * the actions, which are what an administrator came for. Same test id as the table's rows: one is
 * rendered at a time.
 */
function UserCards({ loading, users, actions }: { loading: boolean; users: readonly AdminUser[]; actions: UserActions }) {
  if (loading) {
    return (
      <div className="grid gap-3 border-t border-line p-4">
        {Array.from({ length: 4 }, (_, key) => (
          <Skeleton key={key} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <ul aria-label="Users" className="divide-y divide-line border-t border-line">
      {users.map((user) => {
        const trial = trialLine(user.trialEndDate);
        return (
          <li key={user.id} className="grid gap-2 px-4 py-3 text-sm" data-testid="admin-user-row" data-user-id={user.id}>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium wrap-break-word">{user.username}</p>
                {user.email && user.email !== user.username && <p className="wrap-break-word text-ink-muted">{user.email}</p>}
              </div>
              <UserActionsMenu user={user} actions={actions} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <AccountStatusBadge status={user.accountStatus} />
              <SubscriptionBadge status={user.subscriptionStatus} />
              {user.isAdmin && <AdminBadge />}
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
              <dt className="text-ink-muted">Joined</dt>
              <dd className="tabular-nums">{formatDate(user.createdAt)}</dd>
              {trial && (
                <>
                  <dt className="text-ink-muted">Trial</dt>
                  <dd className="tabular-nums">{trial}</dd>
                </>
              )}
              <dt className="text-ink-muted">Collections</dt>
              <dd className="tabular-nums">{formatCount(user.collectionsCount)}</dd>
              <dt className="text-ink-muted">Albums</dt>
              <dd className="tabular-nums">{formatCount(user.albumsCount)}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function UserRow({ user, actions }: { user: AdminUser; actions: UserActions }) {
  const trial = trialLine(user.trialEndDate);
  return (
    <tr className="align-top hover:bg-muted/40" data-testid="admin-user-row" data-user-id={user.id}>
      <td className="max-w-64 min-w-48 px-4 py-3 font-medium wrap-break-word">{user.username}</td>
      <td className="max-w-64 min-w-48 px-4 py-3 wrap-break-word text-ink-muted">{user.email ?? '-'}</td>
      <td className="px-4 py-3 whitespace-nowrap tabular-nums">{formatDate(user.createdAt)}</td>
      <td className="px-4 py-3">
        <AccountStatusBadge status={user.accountStatus} />
      </td>
      <td className="px-4 py-3">
        <div className="grid justify-items-start gap-1">
          <SubscriptionBadge status={user.subscriptionStatus} />
          {trial && <span className="text-xs whitespace-nowrap text-ink-muted tabular-nums">{trial}</span>}
        </div>
      </td>
      <td className="px-4 py-3">{user.isAdmin ? <AdminBadge /> : <span className="text-ink-muted">User</span>}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatCount(user.collectionsCount)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatCount(user.albumsCount)}</td>
      <td className="px-2 py-1.5 text-right">
        <UserActionsMenu user={user} actions={actions} />
      </td>
    </tr>
  );
}
