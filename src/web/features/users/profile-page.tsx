import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Monitor, Moon, Sun } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { profileUpdateSchema } from '../../../common/auth.schemas';
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
import { useUpdateProfile } from './api';

const toForm = (user: SessionUser) => ({ email: user.email ?? '', firstName: user.firstName ?? '', lastName: user.lastName ?? '' });

/** Back to the collection the user was looking at (spec 2 §2 does the same from other pages). */
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

const themeChoices: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Light, dark or follow the device (spec 1 §3); the header menu only toggles light and dark. */
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

/** /profile (spec 2 §2): username read-only, names, email, Save and Back. */
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
        <AppearanceCard />
      </div>
    </main>
  );
}
