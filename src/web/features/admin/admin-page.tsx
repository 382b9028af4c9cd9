import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { useSessionUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/cn';
import { unreadAlertCountQuery } from './alerts/api';
import { AlertsTab } from './alerts/alerts-tab';
import { DiagnosticsTab } from './diagnostics/diagnostics-tab';
import { PaymentModeTab } from './payment-mode/payment-mode-tab';
import { TestRunnerTab } from './test-runner/test-runner-tab';
import { UsersTab } from './users/users-tab';

export const ADMIN_TABS = ['users', 'diagnostics', 'payments', 'testing', 'alerts'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** docs/product/admin.md#dashboard: the Alerts badge shows the unread count, '9+' above 9. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

function AccessDeniedCard() {
  const [, navigate] = useLocation();
  return (
    <main className="grid min-h-dvh place-items-center px-6 py-16">
      <Card className="flex max-w-md flex-col items-center p-8 text-center">
        <ShieldAlert aria-hidden className="size-10 text-danger" />
        <h1 className="mt-4 text-xl font-semibold">Access Denied</h1>
        <p className="mt-2 text-sm text-ink-muted">You don't have permission to view this page.</p>
        <Button className="mt-6" onClick={() => navigate('/')}>
          Return to Home
        </Button>
      </Card>
    </main>
  );
}

function AlertsBadge() {
  const { data } = useQuery(unreadAlertCountQuery());
  const count = data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span className="relative ml-1.5 rounded-full bg-danger px-1.5 py-0.5 text-xs leading-none font-semibold text-danger-ink tabular-nums">
      <span className="sr-only">, unread alerts: </span>
      {badgeText(count)}
    </span>
  );
}

const TAB_LABELS: Record<AdminTab, ReactNode> = {
  users: 'Users',
  diagnostics: 'Diagnostics',
  payments: 'Payments',
  testing: 'Testing',
  alerts: (
    <>
      Alerts
      <AlertsBadge />
    </>
  ),
};

function initialTab(): AdminTab {
  // docs/product/admin.md#diagnostics: /admin?userId=…&action=diagnose|duplicates opens the Diagnostics tab.
  const action = new URLSearchParams(window.location.search).get('action');
  return action === 'diagnose' || action === 'duplicates' ? 'diagnostics' : 'users';
}

function AdminDashboard() {
  const [, navigate] = useLocation();
  const tabList = useRef<HTMLDivElement>(null);
  // The tabs wrap onto a second line at phone widths rather than scroll (a scrolled tab list hid
  // Alerts and its badge); the chosen one is still brought into view should it ever overflow.
  const revealActiveTab = () =>
    requestAnimationFrame(() => tabList.current?.querySelector('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <Button variant="ghost" className="-ml-3" onClick={() => navigate('/')}>
        <ArrowLeft aria-hidden />
        Back to Home
      </Button>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Admin Dashboard</h1>
      <p className="mt-2 text-sm text-ink-muted">Users, diagnostics, payments, tests and alerts.</p>
      <Tabs.Root defaultValue={initialTab()} onValueChange={revealActiveTab} className="mt-8">
        <Tabs.List ref={tabList} aria-label="Administration" className="flex flex-wrap border-b border-line sm:gap-1">
          {ADMIN_TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className={cn(
                '-mb-px flex shrink-0 items-center border-b-2 border-transparent px-2.5 py-2.5 sm:px-4 text-sm font-medium text-ink-muted',
                'hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                'data-[state=active]:border-accent data-[state=active]:text-ink',
              )}
            >
              {TAB_LABELS[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="users" className="pt-6 focus-visible:outline-none">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="diagnostics" className="pt-6 focus-visible:outline-none">
          <DiagnosticsTab />
        </Tabs.Content>
        <Tabs.Content value="payments" className="pt-6 focus-visible:outline-none">
          <PaymentModeTab />
        </Tabs.Content>
        <Tabs.Content value="testing" className="pt-6 focus-visible:outline-none">
          <TestRunnerTab />
        </Tabs.Content>
        <Tabs.Content value="alerts" className="pt-6 focus-visible:outline-none">
          <AlertsTab />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}

/** /admin: administrators only; the server refuses everyone else on every call (docs/product/admin.md#access). */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const { user } = useSessionUser();
  const [, navigate] = useLocation();
  const denied = !!user && !user.isAdmin;
  useEffect(() => {
    if (!denied) return;
    toast({ title: 'Access Denied', description: "You don't have admin privileges", variant: 'destructive' });
    navigate('/', { replace: true });
  }, [denied, navigate]);
  if (!user) return null;
  return denied ? <AccessDeniedCard /> : <AdminDashboard />;
}
