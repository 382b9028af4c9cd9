import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Copy, SearchCheck, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { diagnosticsUserLabel, type DiagnosticsUser } from '../../../../common/admin-diagnostics.schemas';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { albumInvestigationQuery, diagnosticsUsersQuery, duplicatesQuery, useRemoveDuplicates } from './api';
import { diagnosticsEntry, REMOVE_DUPLICATES_WARNING, type DiagnosticsAction } from './diagnostics-entry';
import { DuplicateResults, InvestigationResults, ResultsError, ResultsSkeleton } from './diagnostics-results';

/** Keeps the address in step with the check on screen, so a reload or a shared link runs it again. */
function rememberInAddress(userId: number, action: DiagnosticsAction) {
  window.history.replaceState(window.history.state, '', `/admin?userId=${userId}&action=${action}`);
}

function noUserSelected() {
  toast({ title: 'No user selected', description: 'Please select a user first', variant: 'destructive' });
}

function UserSelect({
  value,
  onChange,
  users,
}: {
  value: string;
  onChange: (value: string) => void;
  users: ReturnType<typeof useUsers>;
}) {
  const id = useId();
  const options = (users.data ?? []).map((user) => ({ value: String(user.id), label: diagnosticsUserLabel(user) }));
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 sm:max-w-md sm:flex-1">
      <Label htmlFor={id}>User</Label>
      {users.isPending ? (
        <Skeleton className="h-10" />
      ) : (
        <Select
          id={id}
          value={value}
          onValueChange={onChange}
          options={options}
          placeholder={users.isError ? 'Users could not be loaded' : options.length === 0 ? 'No users' : 'Select a user'}
          disabled={users.isError || options.length === 0}
        />
      )}
    </div>
  );
}

function useUsers() {
  return useQuery(diagnosticsUsersQuery());
}

const userName = (users: DiagnosticsUser[] | undefined, id: number) =>
  users?.find((user) => user.id === id)?.username ?? `user ${id}`;

function InvestigationPanel({ users, entry }: { users: ReturnType<typeof useUsers>; entry: number | null }) {
  const [selected, setSelected] = useState(entry ? String(entry) : '');
  const [checked, setChecked] = useState<number | null>(entry);
  const result = useQuery({ ...albumInvestigationQuery(checked ?? 0), enabled: checked !== null });
  const titleId = useId();

  const check = () => {
    if (!selected) return noUserSelected();
    const userId = Number(selected);
    toast({ title: 'Running diagnostics', description: `Counting the albums of ${userName(users.data, userId)}.` });
    rememberInAddress(userId, 'diagnose');
    if (checked === userId) void result.refetch();
    else setChecked(userId);
  };

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>Album Count Investigation</CardTitle>
        <CardDescription>
          A user's album total against their collections' counts, and anything orphaned or inconsistent behind a difference.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <UserSelect value={selected} onChange={setSelected} users={users} />
          <Button onClick={check} loading={result.isFetching} className="sm:self-end">
            {!result.isFetching && <SearchCheck aria-hidden />}
            Check Albums
          </Button>
        </div>
        {checked !== null && (
          <div aria-live="polite" aria-busy={result.isFetching}>
            {result.isPending ? (
              <ResultsSkeleton />
            ) : result.isError ? (
              <ResultsError error={result.error} />
            ) : (
              <InvestigationResults investigation={result.data} />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DuplicatesPanel({ users, entry }: { users: ReturnType<typeof useUsers>; entry: number | null }) {
  const [selected, setSelected] = useState(entry ? String(entry) : '');
  const [checked, setChecked] = useState<number | null>(entry);
  const [confirming, setConfirming] = useState(false);
  const result = useQuery({ ...duplicatesQuery(checked ?? 0), enabled: checked !== null });
  const removal = useRemoveDuplicates();
  const titleId = useId();

  const check = () => {
    if (!selected) return noUserSelected();
    const userId = Number(selected);
    toast({
      title: 'Checking for duplicates',
      description: `Looking through the collections of ${userName(users.data, userId)}.`,
    });
    rememberInAddress(userId, 'duplicates');
    if (checked === userId) void result.refetch();
    else setChecked(userId);
  };

  const askToRemove = () => {
    if (!selected) return noUserSelected();
    setConfirming(true);
  };

  const remove = () => {
    const userId = Number(selected);
    toast({
      title: 'Removing duplicates',
      description: `Keeping the oldest copy of each album of ${userName(users.data, userId)}.`,
    });
    removal.mutate(userId, {
      onSuccess: (answer) => {
        setConfirming(false);
        // The refreshed list (now without duplicates) is shown for the user whose albums went.
        setChecked(userId);
        rememberInAddress(userId, 'duplicates');
        toast({
          title: answer.removed > 0 ? 'Duplicates removed' : 'No duplicates found',
          description: answer.message,
          variant: 'success',
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Failed to remove duplicates', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>Duplicate Album Detector</CardTitle>
        <CardDescription>
          Albums with the same title and artist in one collection (case and spacing ignored). Removing keeps the oldest of each
          group.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <UserSelect value={selected} onChange={setSelected} users={users} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={check} loading={result.isFetching && !removal.isPending}>
              {!(result.isFetching && !removal.isPending) && <Copy aria-hidden />}
              Check Duplicates
            </Button>
            <Button variant="danger" onClick={askToRemove} disabled={removal.isPending}>
              <Trash2 aria-hidden />
              Remove Duplicates
            </Button>
          </div>
        </div>
        {checked !== null && (
          <div aria-live="polite" aria-busy={result.isFetching}>
            {result.isPending ? (
              <ResultsSkeleton />
            ) : result.isError ? (
              <ResultsError error={result.error} />
            ) : (
              <DuplicateResults report={result.data} />
            )}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !removal.isPending && setConfirming(open)}
        title="Remove duplicate albums?"
        description={REMOVE_DUPLICATES_WARNING}
        confirmLabel="Remove Duplicates"
        destructive
        loading={removal.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}

/** The admin dashboard's Diagnostics tab (docs/product/admin.md#diagnostics): both panels do real work through the admin API. */
export function DiagnosticsTab() {
  const users = useUsers();
  // Read once: the panels own their selection afterwards.
  const [entry] = useState(() => diagnosticsEntry(window.location.search));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {users.isError && (
        <p role="alert" className="flex items-center gap-2 rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
          <TriangleAlert aria-hidden className="size-4 shrink-0 text-danger" />
          The user list could not be loaded: {errorMessage(users.error)}
        </p>
      )}
      <InvestigationPanel users={users} entry={entry?.action === 'diagnose' ? entry.userId : null} />
      <DuplicatesPanel users={users} entry={entry?.action === 'duplicates' ? entry.userId : null} />
      <p className="flex items-center gap-2 text-xs text-ink-muted">
        <CheckCircle2 aria-hidden className="size-4 shrink-0" />
        Checks only read; Remove Duplicates is the one change, and it asks first.
      </p>
    </div>
  );
}
