import { zodResolver } from '@hookform/resolvers/zod';
import { AlarmClock, ArrowLeft, Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { profileUpdateSchema } from '../../../common/auth.schemas';
import { LOAN_REMINDER_DEFAULT_DAYS, LOAN_REMINDER_MAX_DAYS, LOAN_REMINDER_MIN_DAYS } from '../../../common/loans';
import { loanRemindersUpdateSchema } from '../../../common/loans.schemas';
import { STORAGE_KEYS } from '../../../common/constants';
import { useTheme, type Theme } from '../../app/theme-provider';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { errorToast, toast } from '../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import type { SessionUser } from '../../lib/session';
import { useSessionUser } from '../../lib/session';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUpdateLoanReminders, useUpdateProfile } from './api';
import { ChangePasswordCard } from './components/change-password-card';

const toForm = (user: SessionUser) => ({ email: user.email ?? '', firstName: user.firstName ?? '', lastName: user.lastName ?? '' });

/** Back to the collection the user was looking at (docs/product/profile.md#page). */
function homeHref(): string {
  const selected = localStore.get(STORAGE_KEYS.selectedCollection);
  return selected ? `/collection?collection=${encodeURIComponent(selected)}` : '/';
}

function ProfileDetails({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(profileUpdateSchema), defaultValues: toForm(user) });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(toForm(saved));
      toast({ title: 'Profile updated', description: 'Your profile has been saved.', variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.email) form.setError('email', { type: 'server', message: error.fieldErrors.email });
      errorToast(errorMessage(error));
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>Account details</CardTitle>
          <CardDescription>Your username is the e-mail address you log in with.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField id="profile-username" label="Username" hint="The username cannot be changed here. Changing your email changes it too.">
            {(control) => <Input {...control} value={user.username} readOnly />}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First Name" error={errors.firstName?.message}>
              {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
            </FormField>
            <FormField id="profile-last-name" label="Last Name" error={errors.lastName?.message}>
              {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
            </FormField>
          </div>
          <FormField id="profile-email" label="Email" error={errors.email?.message} required>
            {(control) => <Input {...control} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.register('email')} />}
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="button" variant="ghost" disabled={!isDirty || update.isPending} onClick={() => form.reset(toForm(user))}>
            Reset
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/**
 * docs/product/loans.md#reminders: "remind me after N days". Albums lent longer are flagged on the
 * home and in analytics. The field takes what a person types; the shared schema refuses "12,50", 0,
 * negatives and huge numbers with the message shown under the field, and nothing is sent then.
 */
function LoanRemindersCard({ user }: { user: SessionUser }) {
  const update = useUpdateLoanReminders();
  const [value, setValue] = useState(String(user.loanReminders.days));
  const [error, setError] = useState<string | undefined>();
  const cardRef = useRef<HTMLDivElement>(null);
  // Arriving from the home's "Change the reminder" link: bring the card into view and focus the field.
  useEffect(() => {
    if (window.location.hash !== '#loan-reminders') return;
    cardRef.current?.scrollIntoView({ block: 'center' });
    cardRef.current?.querySelector('input')?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loanRemindersUpdateSchema.safeParse({ days: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const next = await update.mutateAsync({ days: parsed.data.days });
      setValue(String(next.loanReminders.days));
      toast({
        title: 'Loan reminder saved',
        description: `Albums lent longer than ${next.loanReminders.days === 1 ? '1 day' : `${next.loanReminders.days} days`} are flagged as overdue.`,
        variant: 'success',
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.days) setError(failure.fieldErrors.days);
      errorToast(errorMessage(failure));
    }
  };

  return (
    <Card id="loan-reminders" ref={cardRef} className="scroll-mt-24">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AlarmClock aria-hidden className="size-5 text-accent" />
            Loan reminders
          </CardTitle>
          <CardDescription>
            Albums lent out for longer than this are flagged as overdue on your collection and in analytics. Days are counted on the UTC
            calendar.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField
            id="loan-reminder-days"
            label="Remind me after (days)"
            hint={`A whole number from ${LOAN_REMINDER_MIN_DAYS} to ${LOAN_REMINDER_MAX_DAYS}. New accounts start at ${LOAN_REMINDER_DEFAULT_DAYS}.`}
            error={error}
            required
          >
            {(control) => (
              <Input
                {...control}
                className="max-w-40 tabular-nums"
                inputMode="numeric"
                autoComplete="off"
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          {/* Not "Save": the account details' Save is the page's other button of that name. */}
          <Button type="submit" loading={update.isPending}>
            Set reminder
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

const themeChoices: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Light, dark or follow the device (docs/product/profile.md#theme); the header menu only toggles light and dark. */
function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Choose how Spindle looks on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-label="Theme" className="grid grid-cols-3 gap-2">
          {themeChoices.map(({ value, label, icon: Icon }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={theme === value}
              onClick={() => setTheme(value)}
              className={cn(
                'flex flex-col items-center gap-2 rounded-xl border px-3 py-4 text-sm font-medium transition-colors',
                theme === value ? 'border-accent bg-accent-soft text-ink' : 'border-line text-ink-muted hover:bg-muted hover:text-ink',
              )}
            >
              <Icon aria-hidden className="size-5" />
              {label}
            </button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * /profile (docs/product/profile.md#page): username read-only, names, email, Save and Back; the password, the
 * loan reminder (docs/product/loans.md#reminders) and the theme.
 */
export default function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useSessionUser();
  const [, navigate] = useLocation();
  if (!user) return null;
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <Button variant="ghost" className="-ml-3" onClick={() => navigate(homeHref())}>
        <ArrowLeft aria-hidden />
        Back
      </Button>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Profile</h1>
      <p className="mt-2 text-sm text-ink-muted">Manage your account details and preferences.</p>
      <div className="mt-8 grid gap-6">
        <ProfileDetails key={user.id} user={user} />
        <ChangePasswordCard key={`password-${user.id}`} username={user.username} />
        <LoanRemindersCard key={`loans-${user.id}`} user={user} />
        <AppearanceCard />
      </div>
    </main>
  );
}
