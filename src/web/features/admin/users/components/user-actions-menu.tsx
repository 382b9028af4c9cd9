import { Ban, CreditCard, MoreHorizontal, Pause, Pencil, Play, ShieldCheck, Trash2 } from 'lucide-react';
import type { AdminUser } from '../../../../../common/admin-users.schemas';
import type { AccountStatus } from '../../../../../common/constants';
import { buttonClasses } from '../../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu';

export interface UserActions {
  setStatus(user: AdminUser, status: AccountStatus): void;
  makeAdmin(user: AdminUser): void;
  edit(user: AdminUser): void;
  manageSubscription(user: AdminUser): void;
  remove(user: AdminUser): void;
}

const STATUS_ITEMS = [
  { status: 'active', label: 'Activate', icon: Play },
  { status: 'paused', label: 'Pause', icon: Pause },
  { status: 'revoked', label: 'Revoke', icon: Ban },
] as const;

/** The per-user menu (docs/product/admin.md#users): Status (the current one hidden), User, Subscription, Danger Zone. */
export function UserActionsMenu({ user, actions }: { user: AdminUser; actions: UserActions }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonClasses('ghost', 'icon', 'size-9')} aria-label={`Actions for ${user.username}`}>
        <MoreHorizontal aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuGroup>
          <DropdownMenuLabel>Status</DropdownMenuLabel>
          {STATUS_ITEMS.filter((item) => item.status !== user.accountStatus).map(({ status, label, icon: Icon }) => (
            <DropdownMenuItem key={status} onSelect={() => actions.setStatus(user, status)}>
              <Icon aria-hidden />
              {label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuLabel>User</DropdownMenuLabel>
          {!user.isAdmin && (
            <DropdownMenuItem onSelect={() => actions.makeAdmin(user)}>
              <ShieldCheck aria-hidden />
              Make Admin
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => actions.edit(user)}>
            <Pencil aria-hidden />
            Edit User
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuLabel>Subscription</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => actions.manageSubscription(user)}>
            <CreditCard aria-hidden />
            Manage Subscription
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuLabel className="text-danger">Danger Zone</DropdownMenuLabel>
          <DropdownMenuItem destructive onSelect={() => actions.remove(user)}>
            <Trash2 aria-hidden />
            Delete User
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
